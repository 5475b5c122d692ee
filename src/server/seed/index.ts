export { seedDemoData } from './seed';
