#!/usr/bin/env bash
# Locks each service's NEW migration files: appends their sha256sum lines to services/<svc>/migrations/checksums.txt.
# A file with a line already keeps it untouched (never rewritten): an applied migration is frozen, and
# test/deploy/frozen-migrations.test.ts fails when its SQL changes. Run it after adding a migration file.
set -euo pipefail
cd "$(dirname "$0")/.."

for folder in services/*/migrations; do
  lock="$folder/checksums.txt"
  touch "$lock"
  for path in "$folder"/*.sql; do
    [ -e "$path" ] || continue
    file="$(basename "$path")"
    # sha256sum's format: the hash, two spaces, the name.
    if ! awk -v file="$file" '$2 == file { found = 1 } END { exit !found }' "$lock"; then
      (cd "$folder" && sha256sum "$file") >>"$lock"
      echo "frozen $folder/$file"
    fi
  done
done
