import { isUniqueViolation, readListPage, type DataSource, type Db } from '@crm/platform';
import { ConflictError, NotFoundError, ValidationError } from '@crm/platform';
import type { ListPage, PageRequest } from '@crm/platform';
import { customFieldDefinitionView, type CustomFieldDefinitionView } from './custom-field-definition';
import {
  CUSTOM_FIELD_KEY_CONSTRAINT,
  countDefinitions,
  deleteDefinition,
  findDefinition,
  insertDefinition,
  listDefinitions,
  removeValuesOfKey,
  updateDefinition,
  type CustomFieldScope,
} from './custom-fields.repository';
import { optionsProblem, type CreateCustomFieldInput, type UpdateCustomFieldInput } from './custom-fields.schemas';

export const KEY_TAKEN = 'A custom field with this key already exists.';

/** A page of the scope's definitions, in display order. */
export const listCustomFields = (dataSource: DataSource, scope: CustomFieldScope, page: PageRequest): Promise<ListPage<CustomFieldDefinitionView>> =>
  readListPage(dataSource, page, { count: (db) => countDefinitions(db, scope), rows: (db, window) => listDefinitions(db, scope, window) }, customFieldDefinitionView);

/** 404 unless the scope has this definition (another tenant's answers as a random id does). */
export async function requireCustomField(dataSource: DataSource, scope: CustomFieldScope, id: string): Promise<void> {
  if (!(await findDefinition(dataSource, scope, id))) throw new NotFoundError();
}

/** A new definition; its key must be free among the scope's definitions (409 on `key`); `requireRoom` refuses it past the tenant's quota. */
export async function createCustomField(
  dataSource: DataSource,
  scope: CustomFieldScope,
  input: CreateCustomFieldInput,
  now: Date,
  requireRoom: (db: Db) => Promise<void>,
): Promise<CustomFieldDefinitionView> {
  try {
    const definition = await dataSource.transaction(async (manager) => {
      await requireRoom(manager);
      return insertDefinition(manager, scope, {
        key: input.key,
        fieldType: input.field_type,
        label: input.label,
        options: input.options,
        isRequired: input.is_required,
        isFilterable: input.is_filterable,
        displayOrder: input.display_order,
        createdAt: now,
      });
    });
    return customFieldDefinitionView(definition);
  } catch (error) {
    if (isUniqueViolation(error, CUSTOM_FIELD_KEY_CONSTRAINT)) throw new ConflictError(KEY_TAKEN, 'key');
    throw error;
  }
}

/**
 * Changes the fields present. Options are checked against the stored type (a dropdown keeps at least
 * one; other types have none). Values records already hold are not revisited.
 */
export async function changeCustomField(
  dataSource: DataSource,
  scope: CustomFieldScope,
  id: string,
  input: UpdateCustomFieldInput,
): Promise<CustomFieldDefinitionView> {
  return dataSource.transaction(async (manager) => {
    // Locked, so two concurrent PATCHes of different fields do not undo each other.
    const existing = await findDefinition(manager, scope, id, { forUpdate: true });
    if (!existing) throw new NotFoundError();
    const options = input.options ?? existing.options;
    const problem = optionsProblem(existing.fieldType, options.length);
    if (problem) throw ValidationError.field('options', problem);
    const updated = await updateDefinition(manager, scope, id, {
      label: input.label ?? existing.label,
      options,
      isRequired: input.is_required ?? existing.isRequired,
      isFilterable: input.is_filterable ?? existing.isFilterable,
      displayOrder: input.display_order ?? existing.displayOrder,
    });
    return customFieldDefinitionView(updated!);
  });
}

/**
 * Deletes a definition and, in the same transaction, its values from every record of the tenant, so no
 * record keeps (or shows, or is filtered by) a field that no longer exists.
 */
export async function deleteCustomField(
  dataSource: DataSource,
  scope: CustomFieldScope,
  id: string,
  recordTable: string,
): Promise<void> {
  await dataSource.transaction(async (manager) => {
    const key = await deleteDefinition(manager, scope, id);
    if (key === undefined) throw new NotFoundError();
    await removeValuesOfKey(manager, recordTable, scope.tenantId, key);
  });
}
