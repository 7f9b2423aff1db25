import { z } from 'zod';
import { requiredOr } from '../http/fields';
import { paginationQuery } from '../http/pagination';

export const MAX_NOTE_LENGTH = 10_000;

/** `POST .../notes/`: the text only; its author and time are the server's (other keys: 400). */
export const createNoteBody = z.strictObject({
  body: z
    .string(requiredOr('A note is text.'))
    .trim()
    .min(1, 'This field may not be blank.')
    .max(MAX_NOTE_LENGTH, `Ensure this field has no more than ${MAX_NOTE_LENGTH} characters.`),
});

/** Lists take `page` and `page_size`, nothing else. */
export const listRecordItemsQuery = z.strictObject({ ...paginationQuery });
