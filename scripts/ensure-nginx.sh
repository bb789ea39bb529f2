#!/usr/bin/env bash
# The several-nodes test (apps/server/test/nodes.test.ts) runs Debian's nginx in front of two API
# processes, with a prefix of its own. Installs nginx when it is missing and we run as root;
# otherwise names it.
set -euo pipefail
[ -x /usr/sbin/nginx ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "The several-nodes test needs nginx: install it with: sudo apt-get install -y nginx-light" >&2
  exit 1
fi
echo "Installing nginx (apt-get)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null 2>&1 ||
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
# Debian's package starts a system service on port 80; the test runs its own.
systemctl disable --now nginx >/dev/null 2>&1 || service nginx stop >/dev/null 2>&1 || true
