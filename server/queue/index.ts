/** What other rooms use of server/queue/ (docs/architecture.md): its public surface. */
export { createJobQueue, type JobQueue, type QueueDefinition } from './queue.ts';
