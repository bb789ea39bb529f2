#!/usr/bin/env bash
# Usage: publish-assets.sh RELEASE_ROOT STATIC_ROOT
# Adds a release's hashed assets (RELEASE_ROOT/apps/web/dist/assets and apps/admin/dist/assets) to
# STATIC_ROOT (assets/ and admin/assets/), the folder nginx serves them from (platform.conf), and
# keeps the previous release's: run it BEFORE the first node switches to the release, so that every
# index.html any node or phone holds finds its chunks. Files of releases older than the previous one
# are removed. Each publication leaves a list of its files in STATIC_ROOT/releases/.
set -euo pipefail
release=$1
static=$2
mkdir -p "$static/releases"
list=$(mktemp)
trap 'rm -f "$list"' EXIT
for app in web:assets admin:admin/assets; do
  from="$release/apps/${app%%:*}/dist/assets"
  to="$static/${app#*:}"
  mkdir -p "$to"
  cp -p "$from"/* "$to"/
  (cd "$from" && find . -maxdepth 1 -type f -printf "${app#*:}/%P\n") >>"$list"
done
sort -o "$list" "$list"
# A release published again (a re-deploy) is not a new one: the previous release stays kept.
newest=$(ls "$static/releases" | sort -n | tail -n 1)
if [ -z "$newest" ] || ! cmp -s "$list" "$static/releases/$newest"; then
  cp "$list" "$static/releases/$(date +%s%N).list"
fi
# Keep the files of the two newest publications; remove the rest.
keep=$(mktemp)
trap 'rm -f "$list" "$keep"' EXIT
for kept in $(ls "$static/releases" | sort -n | tail -n 2); do cat "$static/releases/$kept"; done | sort -u >"$keep"
ls "$static/releases" | sort -n | head -n -2 | while read -r old; do rm "$static/releases/$old"; done
(cd "$static" && find assets admin/assets -maxdepth 1 -type f | sort | comm -23 - "$keep" | xargs -r rm --)
