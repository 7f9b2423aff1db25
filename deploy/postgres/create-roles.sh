#!/usr/bin/env bash
# The platform's PostgreSQL roles, made once: the postgres image runs this (mounted into
# /docker-entrypoint-initdb.d by docker-compose.yml) when it initialises an empty data directory, as the
# superuser POSTGRES_USER, in the database POSTGRES_DB. An existing volume is never initialised again: after a
# change here, `docker compose down -v`.
#
#   crm_migrator   owns the services' schemas and applies their migrations (the migrate-* services): CREATE on
#                  the database (its schemas) and on the schema public (the extensions pg_trgm and btree_gin,
#                  both trusted, which the migrations create there)
#   crm_<schema>   one per service, which connects as it: the migrate step grants it its schema's tables and
#                  sequences, nothing more (no DDL, no other service's tables)
#
# Each password comes from the variable named after the role (docker-compose.yml gives them from .env).
set -e

roles=(
  crm_migrator:POSTGRES_MIGRATOR_PASSWORD
  crm_auth:POSTGRES_AUTH_PASSWORD
  crm_leads:POSTGRES_LEADS_PASSWORD
  crm_contacts:POSTGRES_CONTACTS_PASSWORD
  crm_accounts_opportunities:POSTGRES_ACCOUNTS_OPPORTUNITIES_PASSWORD
  crm_import_export:POSTGRES_IMPORT_EXPORT_PASSWORD
  crm_audit:POSTGRES_AUDIT_PASSWORD
)

for entry in "${roles[@]}"; do
  role="${entry%%:*}"
  variable="${entry#*:}"
  # psql quotes the values itself (:"role" an identifier, :'password' a literal): nothing is pasted into SQL.
  psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v role="$role" -v password="${!variable:?set $variable (see docker-compose.yml)}" <<'EOSQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password';
EOSQL
done

psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -v database="$POSTGRES_DB" <<'EOSQL'
GRANT CREATE ON DATABASE :"database" TO crm_migrator;
GRANT CREATE ON SCHEMA public TO crm_migrator;
EOSQL
