#!/usr/bin/env bash
# The browser tests drive Debian's Chromium with a Chinese font. Installs both when missing and we
# run as root; otherwise names what to install and fails.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
fc-list 2>/dev/null | grep -qi 'wenquanyi micro hei' || missing+=(fonts-wqy-microhei)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "The browser tests need Debian packages that are missing: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} (apt-get)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
