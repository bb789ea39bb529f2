#!/usr/bin/env bash
# The alert rules' tests (apps/server/test/alerts.test.ts) run promtool, from Debian's prometheus
# package; the restore drill's test (apps/server/test/restore-drill.test.ts) runs pgBackRest; the
# release test checks the systemd unit with systemd-analyze (systemd).
# Installs them when missing and we run as root; otherwise names them.
set -euo pipefail
missing=()
command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
command -v pgbackrest >/dev/null 2>&1 || missing+=(pgbackrest)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "The alert and backup tests need: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} (apt-get)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian's prometheus package starts a server on port 9090; the tests only need promtool.
systemctl disable --now prometheus >/dev/null 2>&1 || service prometheus stop >/dev/null 2>&1 || true
