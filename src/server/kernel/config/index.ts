export {
  type AuthConfig,
  type Config,
  loadConfig,
  type PasswordHashCost,
  publicStoreInfo,
  type S3Config,
  type StripeConfig,
} from './config';
