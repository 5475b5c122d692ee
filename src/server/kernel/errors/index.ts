export { AppError, notFound } from './errors';
