import type { ModuleDescriptor } from './module-descriptor';

/** The job runner claims, delivers and retires outbox messages, and keeps the recurring jobs' rows. */
export const jobsModule: ModuleDescriptor = {
  name: 'kernel/jobs',
  tables: ['scheduled_jobs'],
  alsoWrites: ['outbox_messages'],
};

export type { Clock } from './clock';
export { createJobRunner, type JobRunner } from './job-runner';
export type { ModuleDescriptor, RoutePlugin } from './module-descriptor';
