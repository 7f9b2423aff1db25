import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { finished } from 'node:stream';

/**
 * Downloads in flight (an export, a file), by the connection carrying each. A client may take minutes to read
 * one, and a rollout must not cut it mid-way (docs/operations.md §9): a stopping process drops its other
 * connections after SHUTDOWN_TIMEOUT_MS, these only after DOWNLOAD_DRAIN_TIMEOUT_MS (`listen`'s close).
 */
const downloads = new Map<Socket, ServerResponse>();

/** Marks `res` as a download, until it ends however it ends (a client gone included). */
export function markDownload(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket || downloads.get(socket) === res) return;
  downloads.set(socket, res);
  finished(res, () => {
    if (downloads.get(socket) === res) downloads.delete(socket);
  });
}

/** Whether the connection is carrying a download now. */
export const carriesDownload = (socket: Socket): boolean => downloads.has(socket);

/** Downloads in flight in this process (every server of it). */
export const downloadsInFlight = (): number => downloads.size;
