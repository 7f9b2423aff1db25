import { z } from 'zod';

/**
 * `lead.converted` (api-contract §4): written by leads in the transaction that marks the lead converted;
 * accounts-opportunities creates the account and the opportunity, contacts the contact, each
 * idempotently by the ids leads allocated, so a redelivered message creates nothing twice.
 */
export const LEAD_CONVERTED = 'lead.converted';

const id = z.uuid();
const text = z.string().nullable();

export const leadConvertedData = z.object({
  lead_id: id,
  /** Owner of every record the conversion creates (the lead's `assigned_to`). */
  owner_id: id,
  /** The profile that converted the lead: `created_by` of the new records. */
  converted_by: id,
  account: z.object({ id, name: z.string().min(1) }),
  contact: z.object({
    id,
    first_name: text,
    last_name: text,
    email: text,
    phone: text,
    title: text,
  }),
  opportunity: z
    .object({
      id,
      name: z.string().min(1),
      amount: z.string(),
      currency: z.string().length(3),
    })
    .nullable(),
  /** The lead as it is now (converted), with its version. */
  lead: z.record(z.string(), z.unknown()),
});

export type LeadConvertedData = z.infer<typeof leadConvertedData>;

