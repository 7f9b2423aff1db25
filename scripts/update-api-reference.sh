#!/usr/bin/env bash
# Replaces the browser bundle that /api/docs serves (gateway/vendor/api-reference/) with the one of the
# given @scalar/api-reference version, taken from the npm registry's tarball alone: none of the package's
# ~260 dependencies is installed (they are built into that one file). Writes VERSION and SHA256SUMS, which
# gateway/test/api-docs-bundle.test.ts checks against the file. Usage: scripts/update-api-reference.sh 1.76.0
set -euo pipefail
version="${1:?usage: $0 <version of @scalar/api-reference>}"
target="$(cd "$(dirname "$0")/.." && pwd)/gateway/vendor/api-reference"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tarball="$(cd "$work" && npm pack --silent "@scalar/api-reference@${version}")"
tar -xzf "$work/$tarball" -C "$work" package/dist/browser/standalone.js package/package.json
license="$(node -p "require('$work/package/package.json').license")"
mkdir -p "$target"
cp "$work/package/dist/browser/standalone.js" "$target/standalone.js"
printf '@scalar/api-reference %s (%s licence), dist/browser/standalone.js of its npm tarball\n' "$version" "$license" > "$target/VERSION"
(cd "$target" && sha256sum standalone.js > SHA256SUMS)
echo "gateway/vendor/api-reference: @scalar/api-reference ${version}, $(cut -c1-16 "$target/SHA256SUMS")…"
