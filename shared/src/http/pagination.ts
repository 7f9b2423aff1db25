import type { Request } from 'express';
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const positiveInt = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1, message);

/** `page` (1-based) and `page_size` query parameters of every list. */
export const paginationQuery = {
  page: positiveInt('A valid page number (1 or more) is required.').optional(),
  page_size: positiveInt(`A page size from 1 to ${MAX_PAGE_SIZE} is required.`)
    .refine((n) => n <= MAX_PAGE_SIZE, `A page size from 1 to ${MAX_PAGE_SIZE} is required.`)
    .optional(),
};

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export function pageRequest(query: { page?: number; page_size?: number }): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export interface PageEnvelope<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The public address of this request, as the gateway saw it (it sets the X-Forwarded-* headers). */
export function publicUrl(req: Request): URL {
  const proto = req.header('x-forwarded-proto')?.split(',')[0]?.trim() || req.protocol;
  const host = req.header('x-forwarded-host')?.split(',')[0]?.trim() || req.header('host') || 'localhost';
  return new URL(req.originalUrl, `${proto}://${host}`);
}

function pageLink(req: Request, page: number): string {
  const link = publicUrl(req);
  if (page === 1) link.searchParams.delete('page');
  else link.searchParams.set('page', String(page));
  return link.toString();
}

/** The list envelope with absolute `next`/`previous` links that keep every other query parameter. */
export function pageEnvelope<T>(req: Request, page: PageRequest, count: number, results: T[]): PageEnvelope<T> {
  const hasNext = page.offset + results.length < count && results.length > 0;
  const lastPage = Math.max(1, Math.ceil(count / page.pageSize));
  return {
    count,
    next: hasNext ? pageLink(req, page.page + 1) : null,
    previous: page.page > 1 ? pageLink(req, Math.min(page.page - 1, lastPage)) : null,
    results,
  };
}
