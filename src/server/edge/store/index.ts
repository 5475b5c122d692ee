export { storePolicies } from './store-policies';
