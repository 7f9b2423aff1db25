/**
 * The public API's types, generated from contracts/openapi.json by `npm run client:generate`: do not edit.
 */

export interface paths {
    "/api/accounts/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts
         * @description `cf_<key>=<value>` filters on a custom field marked filterable (typed: a number compares as a number, a checkbox takes true/false, a date YYYY-MM-DD); another one is a 400. Number and date fields also take `cf_<key>__gte` and `cf_<key>__lte`.
         *
         *     A user access token or an API token with the scope `accounts:read`.
         */
        get: operations["get_api_accounts"];
        put?: never;
        /**
         * Create a account
         * @description A user access token or an API token with the scope `accounts:write`.
         */
        post: operations["post_api_accounts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a account
         * @description A user access token or an API token with the scope `accounts:read`.
         */
        get: operations["get_api_accounts_by_id"];
        /**
         * Replace a account
         * @description A user access token or an API token with the scope `accounts:write`.
         */
        put: operations["put_api_accounts_by_id"];
        post?: never;
        /**
         * Delete a account
         * @description A user access token or an API token with the scope `accounts:write`.
         */
        delete: operations["delete_api_accounts_by_id"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a account
         * @description A user access token or an API token with the scope `accounts:write`.
         */
        patch: operations["patch_api_accounts_by_id"];
        trace?: never;
    };
    "/api/accounts/{id}/attachments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files attached to a account
         * @description A user access token or an API token with the scope `accounts:read`.
         */
        get: operations["get_api_accounts_by_id_attachments"];
        put?: never;
        /**
         * Attach a file to a account
         * @description A user access token or an API token with the scope `accounts:write`.
         */
        post: operations["post_api_accounts_by_id_attachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts/{id}/attachments/{attachmentId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file attached to a account
         * @description A user access token or an API token with the scope `accounts:read`.
         */
        get: operations["get_api_accounts_by_id_attachments_by_attachmentId"];
        put?: never;
        post?: never;
        /**
         * Delete a file attached to a account
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `accounts:write`.
         */
        delete: operations["delete_api_accounts_by_id_attachments_by_attachmentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts/{id}/notes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the notes of a account
         * @description A user access token or an API token with the scope `accounts:read`.
         */
        get: operations["get_api_accounts_by_id_notes"];
        put?: never;
        /**
         * Add a note to a account
         * @description A user access token or an API token with the scope `accounts:write`.
         */
        post: operations["post_api_accounts_by_id_notes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts/{id}/notes/{noteId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a note of a account
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `accounts:write`.
         */
        delete: operations["delete_api_accounts_by_id_notes_by_noteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts/custom-fields/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the custom fields of accounts
         * @description A user access token or an API token with the scope `accounts:read`.
         */
        get: operations["get_api_accounts_custom_fields"];
        put?: never;
        /**
         * Define a custom field of accounts
         * @description Admins only (members: 403).
         *
         *     A user access token or an API token with the scope `accounts:write`.
         */
        post: operations["post_api_accounts_custom_fields"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts/custom-fields/{definitionId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a custom field of accounts
         * @description Admins only (members: 403). Its values are removed from every record.
         *
         *     A user access token or an API token with the scope `accounts:write`.
         */
        delete: operations["delete_api_accounts_custom_fields_by_definitionId"];
        options?: never;
        head?: never;
        /**
         * Change a custom field of accounts
         * @description Admins only (members: 403). The key and type cannot change.
         *
         *     A user access token or an API token with the scope `accounts:write`.
         */
        patch: operations["patch_api_accounts_custom_fields_by_definitionId"];
        trace?: never;
    };
    "/api/audit-logs/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's audit log
         * @description Admins with the `audit:read` scope. One entry per event (record changes, merges, profiles), newest first unless `ordering=time`.
         *
         *     A user access token or an API token with the scope `audit:read`.
         */
        get: operations["get_api_audit_logs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys of access tokens (JWKS)
         * @description Anonymous.
         *
         *     No credential (limited per client address).
         */
        get: operations["get_api_auth__well_known_jwks_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/api-tokens/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List my API tokens, or (admins) a member's
         * @description With a user access token only (an API token gets 403). Live tokens only (not revoked, not expired); `?owner=<profile_id>`: that member's (admins only: 403 otherwise).
         *
         *     A user access token or an API token.
         */
        get: operations["get_api_auth_api_tokens"];
        put?: never;
        /**
         * Create an API token
         * @description With a user access token only (an API token gets 403). Its scopes are a subset of what the user may do; the secret is shown in this answer only. `expires_at`: in the future and within API_TOKEN_MAX_AGE (365 days), which is also its default. At most 50 live tokens a user. The answer carries a secret, which is never stored: an `Idempotency-Key` is ignored, and a repeat is served afresh, never replayed.
         *
         *     A user access token or an API token.
         */
        post: operations["post_api_auth_api_tokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/api-tokens/{tokenId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token
         * @description With a user access token only (an API token gets 403). A member revokes their own; an admin any of the tenant's.
         *
         *     A user access token or an API token.
         */
        delete: operations["delete_api_auth_api_tokens_by_tokenId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in
         * @description Anonymous. Failed logins slow down, then refuse, the client address, never the account (api-contract §10.6). The answer carries a secret, which is never stored: an `Idempotency-Key` is ignored, and a repeat is served afresh, never replayed.
         *
         *     No credential (limited per client address).
         */
        post: operations["post_api_auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out: end the session of a refresh token
         * @description Anonymous. Ends the session (the login it came from): every refresh token of it, and every access token of it (401 from the next request, on every gateway replica within a second).
         *
         *     No credential (limited per client address).
         */
        post: operations["post_api_auth_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who am I
         * @description A user access token or an API token.
         */
        get: operations["get_api_auth_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password/change/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description A user with an access token (an API token gets 403). The new password has at least 10 characters, is not a common password and is not the e-mail address (api-contract §10.3). Every other session and every access token issued before end (401 from the next request); the session the change was made from goes on: refresh its access token with its refresh token. API tokens stay.
         *
         *     A user access token.
         */
        post: operations["post_api_auth_password_change"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password/reset/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password-reset link
         * @description Anonymous. The same answer, after the same work, whether or not an account has the address. If one has, an e-mail goes to it with a link (`PASSWORD_RESET_URL` with `?token=<token>`) that works once, within 30 minutes.
         *
         *     No credential (limited per client address).
         */
        post: operations["post_api_auth_password_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password/reset/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose a new password with a reset link
         * @description Anonymous; the link's `token` is the credential. The new password has at least 10 characters, is not a common password and is not the e-mail address (api-contract §10.3). As a change, every session and access token of the user ends (log in again); the link is used up, and proves the address (`email_verified` becomes true).
         *
         *     No credential (limited per client address).
         */
        post: operations["post_api_auth_password_reset_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reassignments/{reassignmentId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The status of a reassignment
         * @description Admins only, with a user access token. `pending` until every service owning records has moved them all, then `completed`; `moved` counts the records moved per collection as each service reports.
         *
         *     A user access token or an API token.
         */
        get: operations["get_api_auth_reassignments_by_reassignmentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh-token/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new pair
         * @description Anonymous. A refresh token works once; reusing one revokes its whole family. The answer carries a secret, which is never stored: an `Idempotency-Key` is ignored, and a repeat is served afresh, never replayed.
         *
         *     No credential (limited per client address).
         */
        post: operations["post_api_auth_refresh_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a tenant
         * @description Anonymous. The new tenant with its first admin, and a pair of tokens for that admin. The password follows the rules of api-contract §10.3. A verification e-mail goes to the address; unverified after 7 days, the registration lapses. An address held by someone who never verified it is released from them (api-contract §10.4). The answer carries a secret, which is never stored: an `Idempotency-Key` is ignored, and a repeat is served afresh, never replayed.
         *
         *     No credential (limited per client address).
         */
        post: operations["post_api_auth_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/tenant/usage/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's usage and quotas
         * @description Admins only (a member: 403). For each quota of the caller's tenant, `used` and `limit`: records per collection (`records`), custom-field definitions and bytes of attached files per collection, web forms, live API tokens. A write past a limit answers 403 `{"detail", "code": "quota_exceeded"}` and writes nothing. The limits are the operator's (TENANT_QUOTAS, overridden per tenant). A service that does not answer makes it a 503 with Retry-After.
         *
         *     A user access token or an API token.
         */
        get: operations["get_api_auth_tenant_usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's users
         * @description Admins only. Deactivated members too; `?is_active=true|false` filters.
         *
         *     A user access token or an API token.
         */
        get: operations["get_api_auth_users"];
        put?: never;
        /**
         * Add a user to the tenant
         * @description Admins only.
         *
         *     A user access token or an API token.
         */
        post: operations["post_api_auth_users"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/users/{profileId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a user's role or sales access
         * @description Admins only.
         *
         *     A user access token or an API token.
         */
        patch: operations["patch_api_auth_users_by_profileId"];
        trace?: never;
    };
    "/api/auth/users/{profileId}/deactivate/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a member
         * @description Admins only. From the next request their login, sessions, access tokens and API tokens answer 401; they stay the owner of their records, visible and filterable as such. Deactivating an inactive member changes nothing. No body (or `{}`; anything else: 400).
         *
         *     A user access token or an API token.
         */
        post: operations["post_api_auth_users_by_profileId_deactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/users/{profileId}/reactivate/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a member
         * @description Admins only. They may log in again; the credentials they had stay ended. No body (or `{}`; anything else: 400).
         *
         *     A user access token or an API token.
         */
        post: operations["post_api_auth_users_by_profileId_reactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/users/{profileId}/reassign/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reassign a member's records to another
         * @description Admins only, with a user access token. Every lead, contact, account, opportunity and task owned by or assigned to the member in the path goes to `to` (an active member of the tenant, not the same one: else 400 on `to`), each a change as a PATCH of its owner would be (a new `version` and `updated_at`, an `*.updated` event). The services move them in the background: poll the status resource in `Location` until `completed`.
         *
         *     A user access token or an API token.
         */
        post: operations["post_api_auth_users_by_profileId_reassign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an e-mail address
         * @description Anonymous. With the `token` of the link a new account is sent (`EMAIL_VERIFICATION_URL` with `?token=<token>`): the address is verified (`email_verified: true` in `me` and the users list), and from then on nobody else can register it (api-contract §10.4).
         *
         *     No credential (limited per client address).
         */
        post: operations["post_api_auth_verify_email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/changes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's change feed
         * @description For clients that sync incrementally: every change (one entry per event, as the audit log keeps it) exactly once, in commit order, each record's in the order it was recorded, its publish order but for changes delivered at once or redelivered (`data.version` is their true order: apply a change only when newer). Pass the answer's `cursor` as `after` to read on; `next` links the following page while pages come full, and is null once caught up: poll with `after=<cursor>` later. `count`: the changes of the `types` after `after`, this page's and those still to read. A change shows once every transaction older than it has ended (usually at once), so a page never changes and nothing appears behind a cursor. Admins only: with `audit:read` every type; with an entity's read scope (`leads:read`…) the types of that entity, named in `types`.
         *
         *     A user access token or an API token.
         */
        get: operations["get_api_changes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contacts
         * @description `search` matches name, e-mail and phone; `tags` takes comma-separated tags (any of them). `cf_<key>=<value>` filters on a custom field marked filterable (typed: a number compares as a number, a checkbox takes true/false, a date YYYY-MM-DD); another one is a 400. Number and date fields also take `cf_<key>__gte` and `cf_<key>__lte`.
         *
         *     A user access token or an API token with the scope `contacts:read`.
         */
        get: operations["get_api_contacts"];
        put?: never;
        /**
         * Create a contact
         * @description A user access token or an API token with the scope `contacts:write`.
         */
        post: operations["post_api_contacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a contact
         * @description A user access token or an API token with the scope `contacts:read`.
         */
        get: operations["get_api_contacts_by_id"];
        /**
         * Replace a contact
         * @description A user access token or an API token with the scope `contacts:write`.
         */
        put: operations["put_api_contacts_by_id"];
        post?: never;
        /**
         * Delete a contact
         * @description A user access token or an API token with the scope `contacts:write`.
         */
        delete: operations["delete_api_contacts_by_id"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a contact
         * @description A user access token or an API token with the scope `contacts:write`.
         */
        patch: operations["patch_api_contacts_by_id"];
        trace?: never;
    };
    "/api/contacts/{id}/attachments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files attached to a contact
         * @description A user access token or an API token with the scope `contacts:read`.
         */
        get: operations["get_api_contacts_by_id_attachments"];
        put?: never;
        /**
         * Attach a file to a contact
         * @description A user access token or an API token with the scope `contacts:write`.
         */
        post: operations["post_api_contacts_by_id_attachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/{id}/attachments/{attachmentId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file attached to a contact
         * @description A user access token or an API token with the scope `contacts:read`.
         */
        get: operations["get_api_contacts_by_id_attachments_by_attachmentId"];
        put?: never;
        post?: never;
        /**
         * Delete a file attached to a contact
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `contacts:write`.
         */
        delete: operations["delete_api_contacts_by_id_attachments_by_attachmentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/{id}/duplicates/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find the contacts matching one contact
         * @description A user access token or an API token with the scope `contacts:read`.
         */
        get: operations["get_api_contacts_by_id_duplicates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/{id}/merge/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge another contact into this one
         * @description The contact in the path is kept; blanks are filled from `merge_id`'s, tags combined, notes, files and links moved, and the other is deleted. Needs the right to delete the other.
         *
         *     A user access token or an API token with the scope `contacts:write`.
         */
        post: operations["post_api_contacts_by_id_merge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/{id}/notes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the notes of a contact
         * @description A user access token or an API token with the scope `contacts:read`.
         */
        get: operations["get_api_contacts_by_id_notes"];
        put?: never;
        /**
         * Add a note to a contact
         * @description A user access token or an API token with the scope `contacts:write`.
         */
        post: operations["post_api_contacts_by_id_notes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/{id}/notes/{noteId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a note of a contact
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `contacts:write`.
         */
        delete: operations["delete_api_contacts_by_id_notes_by_noteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/custom-fields/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the custom fields of contacts
         * @description A user access token or an API token with the scope `contacts:read`.
         */
        get: operations["get_api_contacts_custom_fields"];
        put?: never;
        /**
         * Define a custom field of contacts
         * @description Admins only (members: 403).
         *
         *     A user access token or an API token with the scope `contacts:write`.
         */
        post: operations["post_api_contacts_custom_fields"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/custom-fields/{definitionId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a custom field of contacts
         * @description Admins only (members: 403). Its values are removed from every record.
         *
         *     A user access token or an API token with the scope `contacts:write`.
         */
        delete: operations["delete_api_contacts_custom_fields_by_definitionId"];
        options?: never;
        head?: never;
        /**
         * Change a custom field of contacts
         * @description Admins only (members: 403). The key and type cannot change.
         *
         *     A user access token or an API token with the scope `contacts:write`.
         */
        patch: operations["patch_api_contacts_custom_fields_by_definitionId"];
        trace?: never;
    };
    "/api/contacts/duplicates/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find contacts matching what is about to be entered
         * @description Writes nothing; needs only the read scope. Matches on e-mail, phone (digits), full name or company.
         *
         *     A user access token or an API token with the scope `contacts:read`.
         */
        post: operations["post_api_contacts_duplicates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/export/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export contacts as CSV
         * @description Takes the query parameters of `GET /api/contacts/` (filters, search, ordering; no paging) and answers every match the caller may open. A cell a spreadsheet could run as a formula (starting with `=`, `+`, `-`, `@`, a tab or CR, or with one of `=`, `+`, `-`, `@` after a `,`, `;`, tab or line break) is prefixed with `'` and quoted. A tenant runs a few exports at once (`EXPORTS_PER_TENANT`, default 4); one more answers 429 with `Retry-After`.
         *
         *     A user access token or an API token with the scope `contacts:read`.
         */
        get: operations["get_api_contacts_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/import/commit/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a CSV file of contacts: every row or none
         * @description A user access token or an API token with the scope `contacts:write`.
         */
        post: operations["post_api_contacts_import_commit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contacts/import/preview/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a CSV file of contacts without importing it
         * @description A user access token or an API token with the scope `contacts:write`.
         */
        post: operations["post_api_contacts_import_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List leads
         * @description `search` matches names, e-mail, phone and company; `tags` takes comma-separated tags (any of them). `cf_<key>=<value>` filters on a custom field marked filterable (typed: a number compares as a number, a checkbox takes true/false, a date YYYY-MM-DD); another one is a 400. Number and date fields also take `cf_<key>__gte` and `cf_<key>__lte`.
         *
         *     A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads"];
        put?: never;
        /**
         * Create a lead
         * @description A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_leads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a lead
         * @description A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads_by_id"];
        /**
         * Replace a lead
         * @description With `status` = `converted` (from any other status) the lead is converted: an account, a contact and, when the lead has an amount, an opportunity are created and linked; the answer carries `account_id`, `contact_id`, `opportunity_id` and `conversion_status`. A lead converted already: 422.
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        put: operations["put_api_leads_by_id"];
        post?: never;
        /**
         * Delete a lead
         * @description A user access token or an API token with the scope `leads:write`.
         */
        delete: operations["delete_api_leads_by_id"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a lead
         * @description A user access token or an API token with the scope `leads:write`.
         */
        patch: operations["patch_api_leads_by_id"];
        trace?: never;
    };
    "/api/leads/{id}/attachments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files attached to a lead
         * @description A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads_by_id_attachments"];
        put?: never;
        /**
         * Attach a file to a lead
         * @description A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_leads_by_id_attachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/{id}/attachments/{attachmentId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file attached to a lead
         * @description A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads_by_id_attachments_by_attachmentId"];
        put?: never;
        post?: never;
        /**
         * Delete a file attached to a lead
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        delete: operations["delete_api_leads_by_id_attachments_by_attachmentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/{id}/duplicates/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find the leads matching one lead
         * @description A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads_by_id_duplicates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/{id}/merge/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge another lead into this one
         * @description The lead in the path is kept; blanks are filled from `merge_id`'s, tags combined, notes, files and links moved, and the other is deleted. Needs the right to delete the other.
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_leads_by_id_merge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/{id}/notes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the notes of a lead
         * @description A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads_by_id_notes"];
        put?: never;
        /**
         * Add a note to a lead
         * @description A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_leads_by_id_notes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/{id}/notes/{noteId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a note of a lead
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        delete: operations["delete_api_leads_by_id_notes_by_noteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/{id}/submissions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a lead's web form submissions, newest first
         * @description Those it was created by or joined, and those of the leads merged into it.
         *
         *     A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads_by_id_submissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/custom-fields/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the custom fields of leads
         * @description A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads_custom_fields"];
        put?: never;
        /**
         * Define a custom field of leads
         * @description Admins only (members: 403).
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_leads_custom_fields"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/custom-fields/{definitionId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a custom field of leads
         * @description Admins only (members: 403). Its values are removed from every record.
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        delete: operations["delete_api_leads_custom_fields_by_definitionId"];
        options?: never;
        head?: never;
        /**
         * Change a custom field of leads
         * @description Admins only (members: 403). The key and type cannot change.
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        patch: operations["patch_api_leads_custom_fields_by_definitionId"];
        trace?: never;
    };
    "/api/leads/duplicates/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find leads matching what is about to be entered
         * @description Writes nothing; needs only the read scope. Matches on e-mail, phone (digits), full name or company.
         *
         *     A user access token or an API token with the scope `leads:read`.
         */
        post: operations["post_api_leads_duplicates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/export/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export leads as CSV
         * @description Takes the query parameters of `GET /api/leads/` (filters, search, ordering; no paging) and answers every match the caller may open. A cell a spreadsheet could run as a formula (starting with `=`, `+`, `-`, `@`, a tab or CR, or with one of `=`, `+`, `-`, `@` after a `,`, `;`, tab or line break) is prefixed with `'` and quoted. A tenant runs a few exports at once (`EXPORTS_PER_TENANT`, default 4); one more answers 429 with `Retry-After`.
         *
         *     A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_leads_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/import/commit/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a CSV file of leads: every row or none
         * @description A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_leads_import_commit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/import/preview/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a CSV file of leads without importing it
         * @description A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_leads_import_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leads/upload/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a CSV file of leads (deprecated)
         * @deprecated
         * @description The commit in one call, with the file in the field `leads_file`; answered with `Deprecation: true` and a `Link` to its successor `/api/leads/import/commit/`.
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_leads_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/opportunities/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List opportunitys
         * @description `cf_<key>=<value>` filters on a custom field marked filterable (typed: a number compares as a number, a checkbox takes true/false, a date YYYY-MM-DD); another one is a 400. Number and date fields also take `cf_<key>__gte` and `cf_<key>__lte`.
         *
         *     A user access token or an API token with the scope `opportunities:read`.
         */
        get: operations["get_api_opportunities"];
        put?: never;
        /**
         * Create a opportunity
         * @description A user access token or an API token with the scope `opportunities:write`.
         */
        post: operations["post_api_opportunities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/opportunities/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a opportunity
         * @description A user access token or an API token with the scope `opportunities:read`.
         */
        get: operations["get_api_opportunities_by_id"];
        /**
         * Replace a opportunity
         * @description A user access token or an API token with the scope `opportunities:write`.
         */
        put: operations["put_api_opportunities_by_id"];
        post?: never;
        /**
         * Delete a opportunity
         * @description A user access token or an API token with the scope `opportunities:write`.
         */
        delete: operations["delete_api_opportunities_by_id"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a opportunity
         * @description A user access token or an API token with the scope `opportunities:write`.
         */
        patch: operations["patch_api_opportunities_by_id"];
        trace?: never;
    };
    "/api/opportunities/{id}/attachments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files attached to a opportunity
         * @description A user access token or an API token with the scope `opportunities:read`.
         */
        get: operations["get_api_opportunities_by_id_attachments"];
        put?: never;
        /**
         * Attach a file to a opportunity
         * @description A user access token or an API token with the scope `opportunities:write`.
         */
        post: operations["post_api_opportunities_by_id_attachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/opportunities/{id}/attachments/{attachmentId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file attached to a opportunity
         * @description A user access token or an API token with the scope `opportunities:read`.
         */
        get: operations["get_api_opportunities_by_id_attachments_by_attachmentId"];
        put?: never;
        post?: never;
        /**
         * Delete a file attached to a opportunity
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `opportunities:write`.
         */
        delete: operations["delete_api_opportunities_by_id_attachments_by_attachmentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/opportunities/{id}/notes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the notes of a opportunity
         * @description A user access token or an API token with the scope `opportunities:read`.
         */
        get: operations["get_api_opportunities_by_id_notes"];
        put?: never;
        /**
         * Add a note to a opportunity
         * @description A user access token or an API token with the scope `opportunities:write`.
         */
        post: operations["post_api_opportunities_by_id_notes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/opportunities/{id}/notes/{noteId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a note of a opportunity
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `opportunities:write`.
         */
        delete: operations["delete_api_opportunities_by_id_notes_by_noteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/opportunities/custom-fields/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the custom fields of opportunitys
         * @description A user access token or an API token with the scope `opportunities:read`.
         */
        get: operations["get_api_opportunities_custom_fields"];
        put?: never;
        /**
         * Define a custom field of opportunitys
         * @description Admins only (members: 403).
         *
         *     A user access token or an API token with the scope `opportunities:write`.
         */
        post: operations["post_api_opportunities_custom_fields"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/opportunities/custom-fields/{definitionId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a custom field of opportunitys
         * @description Admins only (members: 403). Its values are removed from every record.
         *
         *     A user access token or an API token with the scope `opportunities:write`.
         */
        delete: operations["delete_api_opportunities_custom_fields_by_definitionId"];
        options?: never;
        head?: never;
        /**
         * Change a custom field of opportunitys
         * @description Admins only (members: 403). The key and type cannot change.
         *
         *     A user access token or an API token with the scope `opportunities:write`.
         */
        patch: operations["patch_api_opportunities_custom_fields_by_definitionId"];
        trace?: never;
    };
    "/api/public/web-forms/{publicKey}/submissions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a web form (no credential)
         * @description What a page on the tenant's site posts: JSON, `application/x-www-form-urlencoded` or `multipart/form-data` without files, at most 16 KB, with `first_name`, `last_name`, `email`, `phone`, `company_name`, `title`, `message` and `cf_<key>`. It creates a lead (source `website_form`, the form's owner and tags) or joins the open lead with the same e-mail; a custom field the tenant's definitions refuse stays only in the submission's `data`. A filled `website` field (the honeypot) is answered the same and stores nothing. To a form that lists origins, an `Origin` (else a `Referer`) on none of them, or neither header: 403. A form post (not JSON) to a form with a `redirect_url`: 303 to it. Limited per client address (`anon`), per form (`FORM_RATE`) and per address at a form (a quarter of `FORM_RATE`, `form_per_address`).
         *
         *     No credential (limited per client address).
         */
        post: operations["post_api_public_web_forms_by_publicKey_submissions"];
        delete?: never;
        /**
         * A browser's CORS preflight of a submission (no credential)
         * @description Answered for an origin the form lists (or any, when it lists none): `POST` with `Content-Type` and `Idempotency-Key`, no credentials. Counted per client address only.
         *
         *     No credential (limited per client address).
         */
        options: operations["options_api_public_web_forms_by_publicKey_submissions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tasks
         * @description `cf_<key>=<value>` filters on a custom field marked filterable (typed: a number compares as a number, a checkbox takes true/false, a date YYYY-MM-DD); another one is a 400. Number and date fields also take `cf_<key>__gte` and `cf_<key>__lte`.
         *
         *     A user access token or an API token with the scope `tasks:read`.
         */
        get: operations["get_api_tasks"];
        put?: never;
        /**
         * Create a task
         * @description A user access token or an API token with the scope `tasks:write`.
         */
        post: operations["post_api_tasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a task
         * @description A user access token or an API token with the scope `tasks:read`.
         */
        get: operations["get_api_tasks_by_id"];
        /**
         * Replace a task
         * @description A user access token or an API token with the scope `tasks:write`.
         */
        put: operations["put_api_tasks_by_id"];
        post?: never;
        /**
         * Delete a task
         * @description A user access token or an API token with the scope `tasks:write`.
         */
        delete: operations["delete_api_tasks_by_id"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a task
         * @description A user access token or an API token with the scope `tasks:write`.
         */
        patch: operations["patch_api_tasks_by_id"];
        trace?: never;
    };
    "/api/tasks/{id}/attachments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files attached to a task
         * @description A user access token or an API token with the scope `tasks:read`.
         */
        get: operations["get_api_tasks_by_id_attachments"];
        put?: never;
        /**
         * Attach a file to a task
         * @description A user access token or an API token with the scope `tasks:write`.
         */
        post: operations["post_api_tasks_by_id_attachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/attachments/{attachmentId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file attached to a task
         * @description A user access token or an API token with the scope `tasks:read`.
         */
        get: operations["get_api_tasks_by_id_attachments_by_attachmentId"];
        put?: never;
        post?: never;
        /**
         * Delete a file attached to a task
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `tasks:write`.
         */
        delete: operations["delete_api_tasks_by_id_attachments_by_attachmentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/notes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the notes of a task
         * @description A user access token or an API token with the scope `tasks:read`.
         */
        get: operations["get_api_tasks_by_id_notes"];
        put?: never;
        /**
         * Add a note to a task
         * @description A user access token or an API token with the scope `tasks:write`.
         */
        post: operations["post_api_tasks_by_id_notes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/notes/{noteId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a note of a task
         * @description Only its author or an admin may delete it (else 403).
         *
         *     A user access token or an API token with the scope `tasks:write`.
         */
        delete: operations["delete_api_tasks_by_id_notes_by_noteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/custom-fields/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the custom fields of tasks
         * @description A user access token or an API token with the scope `tasks:read`.
         */
        get: operations["get_api_tasks_custom_fields"];
        put?: never;
        /**
         * Define a custom field of tasks
         * @description Admins only (members: 403).
         *
         *     A user access token or an API token with the scope `tasks:write`.
         */
        post: operations["post_api_tasks_custom_fields"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/custom-fields/{definitionId}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a custom field of tasks
         * @description Admins only (members: 403). Its values are removed from every record.
         *
         *     A user access token or an API token with the scope `tasks:write`.
         */
        delete: operations["delete_api_tasks_custom_fields_by_definitionId"];
        options?: never;
        head?: never;
        /**
         * Change a custom field of tasks
         * @description Admins only (members: 403). The key and type cannot change.
         *
         *     A user access token or an API token with the scope `tasks:write`.
         */
        patch: operations["patch_api_tasks_custom_fields_by_definitionId"];
        trace?: never;
    };
    "/api/web-forms/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's web forms, newest first
         * @description Admins only (members: 403).
         *
         *     A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_web_forms"];
        put?: never;
        /**
         * Create a web form
         * @description Admins only (members: 403). Active, open to any origin, owned by the admin, without tags or redirect unless the body says otherwise. Its `public_key` goes in the page. A `redirect_url` must be on one of its `allowed_origins` (400 on `redirect_url` otherwise, and on a form open to any origin).
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        post: operations["post_api_web_forms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/web-forms/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a web form
         * @description Admins only (members: 403).
         *
         *     A user access token or an API token with the scope `leads:read`.
         */
        get: operations["get_api_web_forms_by_id"];
        put?: never;
        post?: never;
        /**
         * Delete a web form
         * @description Admins only (members: 403). The submissions it received stay on their leads.
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        delete: operations["delete_api_web_forms_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a web form
         * @description Admins only (members: 403). `is_active`: false stops its submissions (its key answers 404). The form as changed must keep its `redirect_url` on one of its `allowed_origins` (400 on `redirect_url`).
         *
         *     A user access token or an API token with the scope `leads:write`.
         */
        patch: operations["patch_api_web_forms_by_id"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            detail: string;
            code?: string;
        };
        /** @description What a write answers a caller whose credential may write but not read the entity (api-contract §2): the id, and a record's `version` (its `ETag`). */
        WriteReceipt: {
            /** Format: uuid */
            id: string;
            version?: number;
        };
        ValidationError: {
            /** @constant */
            error: true;
            /** @description Messages by field; `non_field_errors` for the body as a whole. */
            errors: {
                [key: string]: unknown;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description A strong entity tag from the record's `version`, e.g. `"3"`. */
        ETag: string;
        /** @description `true` when the answer repeats the first answer of the `Idempotency-Key`. */
        IdempotentReplayed: "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get_api_accounts: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
                tags?: string;
                created_at__gte?: string;
                created_at__lte?: string;
                updated_at__gte?: string;
                updated_at__lte?: string;
                search?: string;
                assigned_to?: string;
                ordering?: "created_at" | "-created_at" | "updated_at" | "-updated_at" | "name" | "-name";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page: `{count, next, previous, results}` of accounts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            industry: string | null;
                            website: string | null;
                            email: string | null;
                            phone: string | null;
                            billing_city: string | null;
                            billing_country: string | null;
                            assigned_to: {
                                /** Format: uuid */
                                id: string;
                                email: string | null;
                            };
                            tags: string[];
                            custom_fields: {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            org: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_accounts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    industry?: string | null;
                    website?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    billing_city?: string | null;
                    billing_country?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The account created. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        industry: string | null;
                        website: string | null;
                        email: string | null;
                        phone: string | null;
                        billing_city: string | null;
                        billing_country: string | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_accounts_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the version the client holds: while it is current, 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account, with the tenant's custom-field definitions of accounts (to draw its form). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        industry: string | null;
                        website: string | null;
                        email: string | null;
                        phone: string | null;
                        billing_city: string | null;
                        billing_country: string | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        custom_field_definitions: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The record is still the version `If-None-Match` names: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_accounts_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    industry?: string | null;
                    website?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    billing_city?: string | null;
                    billing_country?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The account as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        industry: string | null;
                        website: string | null;
                        email: string | null;
                        phone: string | null;
                        billing_city: string | null;
                        billing_country: string | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_accounts_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_accounts_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    industry?: string | null;
                    website?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    billing_city?: string | null;
                    billing_country?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The account as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        industry: string | null;
                        website: string | null;
                        email: string | null;
                        phone: string | null;
                        billing_city: string | null;
                        billing_country: string | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_accounts_by_id_attachments: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attachments, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            filename: string;
                            content_type: string;
                            size: number;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_accounts_by_id_attachments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One file of at most 10 MB. */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The attachment. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        filename: string;
                        content_type: string;
                        size: number;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_accounts_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its name in `Content-Disposition`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_accounts_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_accounts_by_id_notes: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            body: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_accounts_by_id_notes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description The note. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        body: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_accounts_by_id_notes_by_noteId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_accounts_custom_fields: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of custom field definitions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_accounts_custom_fields: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    label: string;
                    /** @enum {string} */
                    field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                    /** @default [] */
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    /** @default false */
                    is_required?: boolean;
                    /** @default false */
                    is_filterable?: boolean;
                    /** @default 0 */
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_accounts_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_accounts_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key?: unknown;
                    field_type?: unknown;
                    label?: string;
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    is_required?: boolean;
                    is_filterable?: boolean;
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_audit_logs: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
                record_id?: string;
                type?: string;
                created_at__gte?: string;
                created_at__lte?: string;
                ordering?: "time" | "-time" | "created_at" | "-created_at";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            /** Format: uuid */
                            record_id: string;
                            actor: {
                                /** Format: uuid */
                                user_id: string;
                                /** Format: uuid */
                                profile_id: string;
                            } | null;
                            /** Format: date-time */
                            time: string;
                            data: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_auth__well_known_jwks_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{keys: [...]}`: JSON Web Keys (RFC 7517). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: ({
                            kty: string;
                            kid: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_auth_api_tokens: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
                owner?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tokens (never their secrets). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            scopes: string[];
                            /** Format: uuid */
                            owner: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires_at: string;
                            last_used_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_api_tokens: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: string[];
                    /** Format: date-time */
                    expires_at?: string;
                };
            };
        };
        responses: {
            /** @description The token with its secret (`crm_pat_…`). */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        scopes: string[];
                        /** Format: uuid */
                        owner: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        last_used_at: string | null;
                        token: string;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken, or the user already has 50 live tokens (not revoked, not expired): revoke one first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_auth_api_tokens_by_tokenId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_login: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description `{access, refresh}`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: string;
                        refresh: string;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Wrong e-mail or password. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed logins from this address: at this e-mail (slowed, then refused until the window ends; `RateLimit` names `login_failures`), or at all e-mails (`login_failures_per_address`); or its `anon` bucket is spent. `{detail, retry_after}` with `Retry-After`, whatever the password. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Too many passwords wait to be checked: `{detail}` with `Retry-After`, at once, before any check. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_logout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description The session is ended. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Invalid, expired, reused or revoked refresh token, as for a refresh. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_auth_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller: user, profile, tenant, scopes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            /** Format: uuid */
                            id: string;
                            email: string;
                            email_verified: boolean;
                        };
                        org: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        profile: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                            sales_access: boolean;
                        };
                        scopes: string[];
                    };
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_password_change: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    /** @description At least 10 characters; not a common password; not the e-mail address or its part before the @. */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description The password is changed. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field is invalid: `current_password` is not the current password, or `new_password` breaks a rule. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_password_reset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Asked: `{detail}`. */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_password_reset_confirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `token` of the link the e-mail carried. */
                    token: string;
                    /** @description At least 10 characters; not a common password; not the e-mail address or its part before the @. */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description The password is changed. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field is invalid: `token` is unknown, used or expired, or `new_password` breaks a rule. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_auth_reassignments_by_reassignmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reassignmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reassignment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        from: string;
                        /** Format: uuid */
                        to: string;
                        /** @enum {string} */
                        status: "pending" | "completed";
                        moved: {
                            leads: number;
                            contacts: number;
                            accounts: number;
                            opportunities: number;
                            tasks: number;
                        };
                        /** Format: date-time */
                        requested_at: string;
                        completed_at: string | null;
                    };
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_refresh_token: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description `{access, refresh}`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: string;
                        refresh: string;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Invalid, expired or reused refresh token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_register: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    org_name: string;
                    email: string;
                    /** @description At least 10 characters; not a common password; not the e-mail address or its part before the @. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description `{org, user, profile, access, refresh}`. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            /** Format: uuid */
                            id: string;
                            email: string;
                            email_verified: boolean;
                        };
                        org: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        profile: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                            sales_access: boolean;
                        };
                        access: string;
                        refresh: string;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The e-mail is taken by an account that verified it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_auth_tenant_usage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage and limits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: {
                            [key: string]: {
                                used: number;
                                limit: number;
                            };
                        };
                        custom_fields: {
                            [key: string]: {
                                used: number;
                                limit: number;
                            };
                        };
                        file_bytes: {
                            [key: string]: {
                                used: number;
                                limit: number;
                            };
                        };
                        web_forms: {
                            used: number;
                            limit: number;
                        };
                        api_tokens: {
                            used: number;
                            limit: number;
                        };
                    };
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_auth_users: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
                is_active?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of profiles. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                            sales_access: boolean;
                            is_active: boolean;
                            email_verified: boolean;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_users: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @description At least 10 characters; not a common password; not the e-mail address or its part before the @. */
                    password: string;
                    /** @enum {string} */
                    role: "admin" | "member";
                    sales_access: boolean;
                };
            };
        };
        responses: {
            /** @description The profile. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "admin" | "member";
                        sales_access: boolean;
                        is_active: boolean;
                        email_verified: boolean;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The e-mail is taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_auth_users_by_profileId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                profileId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role?: "admin" | "member";
                    sales_access?: boolean;
                };
            };
        };
        responses: {
            /** @description The profile. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "admin" | "member";
                        sales_access: boolean;
                        is_active: boolean;
                        email_verified: boolean;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_users_by_profileId_deactivate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                profileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile, `is_active: false`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "admin" | "member";
                        sales_access: boolean;
                        is_active: boolean;
                        email_verified: boolean;
                    };
                };
            };
            /** @description A body other than none or `{}`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The last active admin of the organisation. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_users_by_profileId_reactivate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                profileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile, `is_active: true`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "admin" | "member";
                        sales_access: boolean;
                        is_active: boolean;
                        email_verified: boolean;
                    };
                };
            };
            /** @description A body other than none or `{}`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_users_by_profileId_reassign: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                profileId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    to: string;
                };
            };
        };
        responses: {
            /** @description Accepted: its status, `pending`; `Location` is the status resource (`/api/auth/reassignments/<id>/`). */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        from: string;
                        /** Format: uuid */
                        to: string;
                        /** @enum {string} */
                        status: "pending" | "completed";
                        moved: {
                            leads: number;
                            contacts: number;
                            accounts: number;
                            opportunities: number;
                            tasks: number;
                        };
                        /** Format: date-time */
                        requested_at: string;
                        completed_at: string | null;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_auth_verify_email: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `token` of the link the e-mail carried. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The address is verified. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field is invalid: `token` is unknown, used or expired, or the address is no longer the account’s. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_changes: {
        parameters: {
            query?: {
                after?: string;
                types?: string;
                page_size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of changes and the cursor to resume from. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            type: string;
                            /** Format: uuid */
                            record_id: string;
                            actor: {
                                /** Format: uuid */
                                user_id: string;
                                /** Format: uuid */
                                profile_id: string;
                            } | null;
                            /** Format: date-time */
                            time: string;
                            data: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @description Where this page ends: pass it as `after` to read on, now or later (it is not bound to `types`). */
                        cursor: string;
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_contacts: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
                tags?: string;
                created_at__gte?: string;
                created_at__lte?: string;
                updated_at__gte?: string;
                updated_at__lte?: string;
                search?: string;
                account?: string;
                owner?: string;
                ordering?: "created_at" | "-created_at" | "updated_at" | "-updated_at" | "first_name" | "-first_name" | "last_name" | "-last_name" | "email" | "-email";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page: `{count, next, previous, results}` of contacts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            first_name: string | null;
                            last_name: string | null;
                            email: string | null;
                            phone: string | null;
                            title: string | null;
                            linkedin_url: string | null;
                            account: {
                                /** Format: uuid */
                                id: string;
                                name: string | null;
                            } | null;
                            lead_ids: string[];
                            owner: {
                                /** Format: uuid */
                                id: string;
                                email: string | null;
                            };
                            tags: string[];
                            custom_fields: {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            org: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_contacts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    title?: string | null;
                    account_id?: string | null;
                    linkedin_url?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    owner_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly owner?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly lead_ids?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The contact created. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        title: string | null;
                        linkedin_url: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        lead_ids: string[];
                        owner: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_contacts_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the version the client holds: while it is current, 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contact, with the tenant's custom-field definitions of contacts (to draw its form). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        title: string | null;
                        linkedin_url: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        lead_ids: string[];
                        owner: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        custom_field_definitions: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The record is still the version `If-None-Match` names: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_contacts_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    title?: string | null;
                    account_id?: string | null;
                    linkedin_url?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    owner_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly owner?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly lead_ids?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The contact as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        title: string | null;
                        linkedin_url: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        lead_ids: string[];
                        owner: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_contacts_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_contacts_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    title?: string | null;
                    account_id?: string | null;
                    linkedin_url?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    owner_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly owner?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly lead_ids?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The contact as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        title: string | null;
                        linkedin_url: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        lead_ids: string[];
                        owner: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_contacts_by_id_attachments: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attachments, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            filename: string;
                            content_type: string;
                            size: number;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_contacts_by_id_attachments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One file of at most 10 MB. */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The attachment. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        filename: string;
                        content_type: string;
                        size: number;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_contacts_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its name in `Content-Disposition`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_contacts_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_contacts_by_id_duplicates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 10 matches, newest first: `[{id, name, email, phone, matched_on, can_delete}]`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string | null;
                        email: string | null;
                        phone: string | null;
                        matched_on: ("email" | "phone" | "name" | "company")[];
                        can_delete: boolean;
                    }[];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_contacts_by_id_merge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    merge_id: string;
                };
            };
        };
        responses: {
            /** @description The kept contact. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        title: string | null;
                        linkedin_url: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        lead_ids: string[];
                        owner: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_contacts_by_id_notes: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            body: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_contacts_by_id_notes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description The note. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        body: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_contacts_by_id_notes_by_noteId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_contacts_custom_fields: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of custom field definitions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_contacts_custom_fields: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    label: string;
                    /** @enum {string} */
                    field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                    /** @default [] */
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    /** @default false */
                    is_required?: boolean;
                    /** @default false */
                    is_filterable?: boolean;
                    /** @default 0 */
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_contacts_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_contacts_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key?: unknown;
                    field_type?: unknown;
                    label?: string;
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    is_required?: boolean;
                    is_filterable?: boolean;
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_contacts_duplicates: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: "" | null | string;
                    phone?: string | null;
                    first_name?: string | null;
                    last_name?: string | null;
                };
            };
        };
        responses: {
            /** @description At most 10 matches, newest first: `[{id, name, email, phone, matched_on, can_delete}]`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string | null;
                        email: string | null;
                        phone: string | null;
                        matched_on: ("email" | "phone" | "name" | "company")[];
                        can_delete: boolean;
                    }[];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_contacts_export: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (BOM, header line, CRLF). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_contacts_import_commit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One CSV file (UTF-8, a BOM allowed) of at most 5 MB and 5,000 rows; a header line naming the columns. A line of more than 250 cells or a cell of more than 32,768 characters is refused (400 on the file). */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The records created, one `*.created` event each. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: number;
                        ids: string[];
                    };
                };
            };
            /** @description A file that cannot be read (encoding, quoting, too many cells on a line, a cell too long, empty) or, on commit, any bad cell: nothing is created. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        error: true;
                        header_error: string | null;
                        errors: {
                            row: number;
                            field: string;
                            message: string;
                        }[];
                        /** @constant */
                        created: 0;
                    };
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_contacts_import_preview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One CSV file (UTF-8, a BOM allowed) of at most 5 MB and 5,000 rows; a header line naming the columns. A line of more than 250 cells or a cell of more than 32,768 characters is refused (400 on the file). */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Every problem of the file, by row and column. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        header_error: string | null;
                        summary: {
                            total: number;
                            valid: number;
                            invalid: number;
                        };
                        errors: {
                            row: number;
                            field: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description A file that cannot be read (encoding, quoting, too many cells on a line, a cell too long, empty) or, on commit, any bad cell: nothing is created. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
                tags?: string;
                created_at__gte?: string;
                created_at__lte?: string;
                updated_at__gte?: string;
                updated_at__lte?: string;
                search?: string;
                status?: string;
                source?: string;
                assigned_to?: string;
                ordering?: "created_at" | "-created_at" | "updated_at" | "-updated_at" | "first_name" | "-first_name" | "last_name" | "-last_name" | "email" | "-email" | "status" | "-status" | "board_position" | "-board_position" | "opportunity_amount" | "-opportunity_amount";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page: `{count, next, previous, results}` of leads. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            title: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            email: string | null;
                            phone: string | null;
                            company_name: string | null;
                            /** @enum {string} */
                            status: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                            source: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                            opportunity_amount: string | null;
                            currency: string;
                            board_position: number;
                            assigned_to: {
                                /** Format: uuid */
                                id: string;
                                email: string | null;
                            };
                            tags: string[];
                            custom_fields: {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            org: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string | null;
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    company_name?: string | null;
                    /** @enum {string} */
                    status?: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                    source?: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                    opportunity_amount?: string | number | null;
                    currency?: string;
                    tags?: string[];
                    board_position?: number;
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly contact_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly opportunity_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly conversion_status?: unknown;
                };
            };
        };
        responses: {
            /** @description The lead created. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string | null;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        company_name: string | null;
                        /** @enum {string} */
                        status: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                        source: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                        opportunity_amount: string | null;
                        currency: string;
                        board_position: number;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the version the client holds: while it is current, 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lead, with the tenant's custom-field definitions of leads (to draw its form). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string | null;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        company_name: string | null;
                        /** @enum {string} */
                        status: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                        source: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                        opportunity_amount: string | null;
                        currency: string;
                        board_position: number;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        custom_field_definitions: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The record is still the version `If-None-Match` names: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_leads_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string | null;
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    company_name?: string | null;
                    /** @enum {string} */
                    status?: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                    source?: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                    opportunity_amount?: string | number | null;
                    currency?: string;
                    tags?: string[];
                    board_position?: number;
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly contact_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly opportunity_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly conversion_status?: unknown;
                };
            };
        };
        responses: {
            /** @description The lead as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ({
                        /** Format: uuid */
                        id: string;
                        title: string | null;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        company_name: string | null;
                        /** @enum {string} */
                        status: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                        source: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                        opportunity_amount: string | null;
                        currency: string;
                        board_position: number;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | {
                        /** Format: uuid */
                        id: string;
                        title: string | null;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        company_name: string | null;
                        /** @enum {string} */
                        status: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                        source: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                        opportunity_amount: string | null;
                        currency: string;
                        board_position: number;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        account_id: string;
                        /** Format: uuid */
                        contact_id: string;
                        opportunity_id: string | null;
                        /** @enum {string} */
                        conversion_status: "completed" | "pending";
                    }) | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_leads_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_leads_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string | null;
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: "" | null | string;
                    phone?: string | null;
                    company_name?: string | null;
                    /** @enum {string} */
                    status?: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                    source?: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                    opportunity_amount?: string | number | null;
                    currency?: string;
                    tags?: string[];
                    board_position?: number;
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly contact_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly opportunity_id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly conversion_status?: unknown;
                };
            };
        };
        responses: {
            /** @description The lead as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string | null;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        company_name: string | null;
                        /** @enum {string} */
                        status: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                        source: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                        opportunity_amount: string | null;
                        currency: string;
                        board_position: number;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads_by_id_attachments: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attachments, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            filename: string;
                            content_type: string;
                            size: number;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads_by_id_attachments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One file of at most 10 MB. */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The attachment. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        filename: string;
                        content_type: string;
                        size: number;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its name in `Content-Disposition`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_leads_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads_by_id_duplicates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 10 matches, newest first: `[{id, name, email, phone, matched_on, can_delete}]`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string | null;
                        email: string | null;
                        phone: string | null;
                        matched_on: ("email" | "phone" | "name" | "company")[];
                        can_delete: boolean;
                    }[];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads_by_id_merge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    merge_id: string;
                };
            };
        };
        responses: {
            /** @description The kept lead. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string | null;
                        first_name: string | null;
                        last_name: string | null;
                        email: string | null;
                        phone: string | null;
                        company_name: string | null;
                        /** @enum {string} */
                        status: "new" | "contacted" | "qualified" | "unqualified" | "converted";
                        source: ("website_form" | "email" | "call" | "referral" | "partner" | "event" | "import" | "other") | null;
                        opportunity_amount: string | null;
                        currency: string;
                        board_position: number;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads_by_id_notes: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            body: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads_by_id_notes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description The note. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        body: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_leads_by_id_notes_by_noteId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads_by_id_submissions: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of `{id, form {id, name}, data, received_at}`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            form: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            data: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            received_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads_custom_fields: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of custom field definitions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads_custom_fields: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    label: string;
                    /** @enum {string} */
                    field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                    /** @default [] */
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    /** @default false */
                    is_required?: boolean;
                    /** @default false */
                    is_filterable?: boolean;
                    /** @default 0 */
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_leads_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_leads_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key?: unknown;
                    field_type?: unknown;
                    label?: string;
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    is_required?: boolean;
                    is_filterable?: boolean;
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads_duplicates: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: "" | null | string;
                    phone?: string | null;
                    first_name?: string | null;
                    last_name?: string | null;
                    company_name?: string | null;
                };
            };
        };
        responses: {
            /** @description At most 10 matches, newest first: `[{id, name, email, phone, matched_on, can_delete}]`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string | null;
                        email: string | null;
                        phone: string | null;
                        matched_on: ("email" | "phone" | "name" | "company")[];
                        can_delete: boolean;
                    }[];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_leads_export: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (BOM, header line, CRLF). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads_import_commit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One CSV file (UTF-8, a BOM allowed) of at most 5 MB and 5,000 rows; a header line naming the columns. A line of more than 250 cells or a cell of more than 32,768 characters is refused (400 on the file). */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The records created, one `*.created` event each. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: number;
                        ids: string[];
                    };
                };
            };
            /** @description A file that cannot be read (encoding, quoting, too many cells on a line, a cell too long, empty) or, on commit, any bad cell: nothing is created. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        error: true;
                        header_error: string | null;
                        errors: {
                            row: number;
                            field: string;
                            message: string;
                        }[];
                        /** @constant */
                        created: 0;
                    };
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads_import_preview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One CSV file (UTF-8, a BOM allowed) of at most 5 MB and 5,000 rows; a header line naming the columns. A line of more than 250 cells or a cell of more than 32,768 characters is refused (400 on the file). */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Every problem of the file, by row and column. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        header_error: string | null;
                        summary: {
                            total: number;
                            valid: number;
                            invalid: number;
                        };
                        errors: {
                            row: number;
                            field: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description A file that cannot be read (encoding, quoting, too many cells on a line, a cell too long, empty) or, on commit, any bad cell: nothing is created. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_leads_upload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One CSV file (UTF-8, a BOM allowed) of at most 5 MB and 5,000 rows; a header line naming the columns. A line of more than 250 cells or a cell of more than 32,768 characters is refused (400 on the file). */
                    leads_file: string;
                };
            };
        };
        responses: {
            /** @description The leads created. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: number;
                        ids: string[];
                    };
                };
            };
            /** @description A file that cannot be read (encoding, quoting, too many cells on a line, a cell too long, empty) or, on commit, any bad cell: nothing is created. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        error: true;
                        header_error: string | null;
                        errors: {
                            row: number;
                            field: string;
                            message: string;
                        }[];
                        /** @constant */
                        created: 0;
                    };
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_opportunities: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
                tags?: string;
                created_at__gte?: string;
                created_at__lte?: string;
                updated_at__gte?: string;
                updated_at__lte?: string;
                search?: string;
                assigned_to?: string;
                stage?: string;
                account?: string;
                ordering?: "created_at" | "-created_at" | "updated_at" | "-updated_at" | "name" | "-name" | "amount" | "-amount" | "close_date" | "-close_date" | "stage" | "-stage";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page: `{count, next, previous, results}` of opportunitys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            account_id: string | null;
                            contact_ids: string[];
                            lead_id: string | null;
                            amount: string | null;
                            currency: string;
                            /** @enum {string} */
                            stage: "prospecting" | "qualification" | "proposal" | "negotiation" | "closed_won" | "closed_lost";
                            probability: number | null;
                            close_date: string | null;
                            account: {
                                /** Format: uuid */
                                id: string;
                                name: string | null;
                            } | null;
                            assigned_to: {
                                /** Format: uuid */
                                id: string;
                                email: string | null;
                            };
                            tags: string[];
                            custom_fields: {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            org: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_opportunities: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    account_id?: string | null;
                    contact_ids?: string[];
                    amount?: string | number | null;
                    currency?: string;
                    /** @enum {string} */
                    stage?: "prospecting" | "qualification" | "proposal" | "negotiation" | "closed_won" | "closed_lost";
                    probability?: number | null;
                    close_date?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly lead_id?: unknown;
                };
            };
        };
        responses: {
            /** @description The opportunity created. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        account_id: string | null;
                        contact_ids: string[];
                        lead_id: string | null;
                        amount: string | null;
                        currency: string;
                        /** @enum {string} */
                        stage: "prospecting" | "qualification" | "proposal" | "negotiation" | "closed_won" | "closed_lost";
                        probability: number | null;
                        close_date: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_opportunities_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the version the client holds: while it is current, 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The opportunity, with the tenant's custom-field definitions of opportunitys (to draw its form). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        account_id: string | null;
                        contact_ids: string[];
                        lead_id: string | null;
                        amount: string | null;
                        currency: string;
                        /** @enum {string} */
                        stage: "prospecting" | "qualification" | "proposal" | "negotiation" | "closed_won" | "closed_lost";
                        probability: number | null;
                        close_date: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        custom_field_definitions: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The record is still the version `If-None-Match` names: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_opportunities_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    account_id?: string | null;
                    contact_ids?: string[];
                    amount?: string | number | null;
                    currency?: string;
                    /** @enum {string} */
                    stage?: "prospecting" | "qualification" | "proposal" | "negotiation" | "closed_won" | "closed_lost";
                    probability?: number | null;
                    close_date?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly lead_id?: unknown;
                };
            };
        };
        responses: {
            /** @description The opportunity as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        account_id: string | null;
                        contact_ids: string[];
                        lead_id: string | null;
                        amount: string | null;
                        currency: string;
                        /** @enum {string} */
                        stage: "prospecting" | "qualification" | "proposal" | "negotiation" | "closed_won" | "closed_lost";
                        probability: number | null;
                        close_date: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_opportunities_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_opportunities_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    account_id?: string | null;
                    contact_ids?: string[];
                    amount?: string | number | null;
                    currency?: string;
                    /** @enum {string} */
                    stage?: "prospecting" | "qualification" | "proposal" | "negotiation" | "closed_won" | "closed_lost";
                    probability?: number | null;
                    close_date?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly account?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly lead_id?: unknown;
                };
            };
        };
        responses: {
            /** @description The opportunity as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        account_id: string | null;
                        contact_ids: string[];
                        lead_id: string | null;
                        amount: string | null;
                        currency: string;
                        /** @enum {string} */
                        stage: "prospecting" | "qualification" | "proposal" | "negotiation" | "closed_won" | "closed_lost";
                        probability: number | null;
                        close_date: string | null;
                        account: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                        } | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_opportunities_by_id_attachments: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attachments, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            filename: string;
                            content_type: string;
                            size: number;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_opportunities_by_id_attachments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One file of at most 10 MB. */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The attachment. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        filename: string;
                        content_type: string;
                        size: number;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_opportunities_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its name in `Content-Disposition`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_opportunities_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_opportunities_by_id_notes: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            body: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_opportunities_by_id_notes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description The note. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        body: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_opportunities_by_id_notes_by_noteId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_opportunities_custom_fields: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of custom field definitions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_opportunities_custom_fields: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    label: string;
                    /** @enum {string} */
                    field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                    /** @default [] */
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    /** @default false */
                    is_required?: boolean;
                    /** @default false */
                    is_filterable?: boolean;
                    /** @default 0 */
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_opportunities_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_opportunities_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key?: unknown;
                    field_type?: unknown;
                    label?: string;
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    is_required?: boolean;
                    is_filterable?: boolean;
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_public_web_forms_by_publicKey_submissions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                publicKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: string | null;
                    phone?: string | null;
                    company_name?: string | null;
                    title?: string | null;
                    message?: string | null;
                    /** @description The honeypot: leave it out, or empty. */
                    website?: string | null;
                } & {
                    [key: string]: string | number | boolean | null;
                };
                "application/x-www-form-urlencoded": {
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: string | null;
                    phone?: string | null;
                    company_name?: string | null;
                    title?: string | null;
                    message?: string | null;
                    /** @description The honeypot: leave it out, or empty. */
                    website?: string | null;
                } & {
                    [key: string]: string | number | boolean | null;
                };
                "multipart/form-data": {
                    first_name?: string | null;
                    last_name?: string | null;
                    email?: string | null;
                    phone?: string | null;
                    company_name?: string | null;
                    title?: string | null;
                    message?: string | null;
                    /** @description The honeypot: leave it out, or empty. */
                    website?: string | null;
                } & {
                    [key: string]: string | number | boolean | null;
                };
            };
        };
        responses: {
            /** @description Received: `{id, received_at}`. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        received_at: string;
                    };
                };
            };
            /** @description A browser form post to a form with a `redirect_url`: go there. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The form lists origins and this request comes from none of them (by `Origin`, else `Referer`; neither sent counts as none): `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No active form has this key (unknown, inactive or deleted: one body): `{detail}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Over 16 KB: `{detail}`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    options_api_public_web_forms_by_publicKey_submissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                publicKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page may post: `Access-Control-Allow-Origin`, `-Methods`, `-Headers`, `-Max-Age`. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The form does not take submissions from this page's origin: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached: `{detail}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_tasks: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
                tags?: string;
                created_at__gte?: string;
                created_at__lte?: string;
                updated_at__gte?: string;
                updated_at__lte?: string;
                search?: string;
                assigned_to?: string;
                status?: string;
                priority?: string;
                lead?: string;
                contact?: string;
                account?: string;
                opportunity?: string;
                due_date__gte?: string;
                due_date__lte?: string;
                ordering?: "created_at" | "-created_at" | "updated_at" | "-updated_at" | "due_date" | "-due_date" | "priority" | "-priority" | "status" | "-status" | "title" | "-title";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page: `{count, next, previous, results}` of tasks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            /** @enum {string} */
                            status: "open" | "in_progress" | "done";
                            /** @enum {string} */
                            priority: "low" | "normal" | "high";
                            due_date: string | null;
                            lead_id: string | null;
                            contact_id: string | null;
                            account_id: string | null;
                            opportunity_id: string | null;
                            assigned_to: {
                                /** Format: uuid */
                                id: string;
                                email: string | null;
                            };
                            tags: string[];
                            custom_fields: {
                                [key: string]: unknown;
                            };
                            /** Format: uuid */
                            org: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_tasks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /** @enum {string} */
                    status?: "open" | "in_progress" | "done";
                    /** @enum {string} */
                    priority?: "low" | "normal" | "high";
                    due_date?: string | null;
                    lead_id?: string | null;
                    contact_id?: string | null;
                    account_id?: string | null;
                    opportunity_id?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The task created. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        /** @enum {string} */
                        status: "open" | "in_progress" | "done";
                        /** @enum {string} */
                        priority: "low" | "normal" | "high";
                        due_date: string | null;
                        lead_id: string | null;
                        contact_id: string | null;
                        account_id: string | null;
                        opportunity_id: string | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_tasks_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the version the client holds: while it is current, 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task, with the tenant's custom-field definitions of tasks (to draw its form). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        /** @enum {string} */
                        status: "open" | "in_progress" | "done";
                        /** @enum {string} */
                        priority: "low" | "normal" | "high";
                        due_date: string | null;
                        lead_id: string | null;
                        contact_id: string | null;
                        account_id: string | null;
                        opportunity_id: string | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        custom_field_definitions: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description The record is still the version `If-None-Match` names: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    put_api_tasks_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /** @enum {string} */
                    status?: "open" | "in_progress" | "done";
                    /** @enum {string} */
                    priority?: "low" | "normal" | "high";
                    due_date?: string | null;
                    lead_id?: string | null;
                    contact_id?: string | null;
                    account_id?: string | null;
                    opportunity_id?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The task as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        /** @enum {string} */
                        status: "open" | "in_progress" | "done";
                        /** @enum {string} */
                        priority: "low" | "normal" | "high";
                        due_date: string | null;
                        lead_id: string | null;
                        contact_id: string | null;
                        account_id: string | null;
                        opportunity_id: string | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_tasks_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_tasks_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /** @enum {string} */
                    status?: "open" | "in_progress" | "done";
                    /** @enum {string} */
                    priority?: "low" | "normal" | "high";
                    due_date?: string | null;
                    lead_id?: string | null;
                    contact_id?: string | null;
                    account_id?: string | null;
                    opportunity_id?: string | null;
                    tags?: string[];
                    custom_fields?: unknown;
                    assigned_to_id?: string;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly org?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_by?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly custom_field_definitions?: unknown;
                };
            };
        };
        responses: {
            /** @description The task as stored. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        /** @enum {string} */
                        status: "open" | "in_progress" | "done";
                        /** @enum {string} */
                        priority: "low" | "normal" | "high";
                        due_date: string | null;
                        lead_id: string | null;
                        contact_id: string | null;
                        account_id: string | null;
                        opportunity_id: string | null;
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        custom_fields: {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        org: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_tasks_by_id_attachments: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attachments, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            filename: string;
                            content_type: string;
                            size: number;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_tasks_by_id_attachments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description One file of at most 10 MB. */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The attachment. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        filename: string;
                        content_type: string;
                        size: number;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_tasks_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its name in `Content-Disposition`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_tasks_by_id_attachments_by_attachmentId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_tasks_by_id_notes: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notes, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            body: string;
                            /** Format: uuid */
                            created_by: string;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_tasks_by_id_notes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description The note. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        body: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_tasks_by_id_notes_by_noteId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_tasks_custom_fields: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of custom field definitions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            key: string;
                            label: string;
                            /** @enum {string} */
                            field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                            options: {
                                value: string;
                                label: string;
                            }[];
                            is_required: boolean;
                            is_filterable: boolean;
                            display_order: number;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_tasks_custom_fields: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    label: string;
                    /** @enum {string} */
                    field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                    /** @default [] */
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    /** @default false */
                    is_required?: boolean;
                    /** @default false */
                    is_filterable?: boolean;
                    /** @default 0 */
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is taken. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_tasks_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_tasks_custom_fields_by_definitionId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path: {
                definitionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key?: unknown;
                    field_type?: unknown;
                    label?: string;
                    options?: {
                        value: string;
                        label: string;
                    }[];
                    is_required?: boolean;
                    is_filterable?: boolean;
                    display_order?: number;
                };
            };
        };
        responses: {
            /** @description The definition. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        key: string;
                        label: string;
                        /** @enum {string} */
                        field_type: "text" | "number" | "date" | "checkbox" | "dropdown";
                        options: {
                            value: string;
                            label: string;
                        }[];
                        is_required: boolean;
                        is_filterable: boolean;
                        display_order: number;
                        /** Format: date-time */
                        created_at: string;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_web_forms: {
        parameters: {
            query?: {
                page?: string;
                page_size?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of web forms. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        next: string | null;
                        previous: string | null;
                        results: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            public_key: string;
                            is_active: boolean;
                            allowed_origins: string[];
                            assigned_to: {
                                /** Format: uuid */
                                id: string;
                                email: string | null;
                            };
                            tags: string[];
                            redirect_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            submission_count: number;
                        }[];
                    };
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_api_web_forms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    is_active?: boolean;
                    allowed_origins?: string[];
                    assigned_to_id?: string;
                    tags?: string[];
                    redirect_url?: string | null;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly public_key?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly submission_count?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                };
            };
        };
        responses: {
            /** @description The form. */
            201: {
                headers: {
                    /** @description The URL path of what was created (api-contract §2). */
                    Location: string;
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        public_key: string;
                        is_active: boolean;
                        allowed_origins: string[];
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        redirect_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        submission_count: number;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_web_forms_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the version the client holds: while it is current, 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        public_key: string;
                        is_active: boolean;
                        allowed_origins: string[];
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        redirect_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        submission_count: number;
                    };
                };
            };
            /** @description The record is still the version `If-None-Match` names: no body. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_api_web_forms_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patch_api_web_forms_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to repeat (api-contract §6, IETF httpapi idempotency-key draft): a repeat by the same caller within `IDEMPOTENCY_TTL` (24 h by default) gets the first answer again, with `Idempotent-Replayed: true`, and does nothing twice. Another request with the key: 422; while the first still runs: 409. Over 255 characters: 400. */
                "Idempotency-Key"?: string;
                /** @description The `ETag` of the version the change is based on (or `*`): another version is a 412 and nothing changes. */
                "If-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    is_active?: boolean;
                    allowed_origins?: string[];
                    assigned_to_id?: string;
                    tags?: string[];
                    redirect_url?: string | null;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly id?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly public_key?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly assigned_to?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly created_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly updated_at?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly submission_count?: unknown;
                    /** @description Server-derived: refused in a request body (400 on this field). */
                    readonly version?: unknown;
                };
            };
        };
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        public_key: string;
                        is_active: boolean;
                        allowed_origins: string[];
                        assigned_to: {
                            /** Format: uuid */
                            id: string;
                            email: string | null;
                        };
                        tags: string[];
                        redirect_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        submission_count: number;
                    } | components["schemas"]["WriteReceipt"];
                };
            };
            /** @description Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid credential: `{detail}`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credential lacks the scope, or the caller the right: `{detail}`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or one the caller may not open: `{detail: "Not found."}`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then. */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON body over 1 MB: `{detail}`, nothing changed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
