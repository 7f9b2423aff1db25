/** RabbitMQ's answer to declaring an existing queue with other arguments (the channel is closed with it). */
export function isPreconditionFailed(error: unknown): boolean {
  return (error as { code?: unknown }).code === 406;
}
