#!/usr/bin/env bash
# The tests through the edge (apps/server/test/nginx.ts: the two-node and edge tests, the browser
# tests on PostgreSQL) run Debian's nginx with a prefix of their own, with the brotli_static module
# (deploy/nginx). Installs them when missing and we run as root; otherwise names them.
set -euo pipefail
BROTLI=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
[ -x /usr/sbin/nginx ] && [ -f "$BROTLI" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "The tests through nginx need it and its brotli module: sudo apt-get install -y nginx-light libnginx-mod-http-brotli-static" >&2
  exit 1
fi
echo "Installing nginx and its brotli module (apt-get)..."
apt-get update -qq
if [ ! -x /usr/sbin/nginx ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null 2>&1 ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  # Debian's package starts a system service on port 80; the tests run their own.
  systemctl disable --now nginx >/dev/null 2>&1 || service nginx stop >/dev/null 2>&1 || true
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-static >/dev/null
