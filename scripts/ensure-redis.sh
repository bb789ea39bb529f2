#!/usr/bin/env bash
# The API tests start a throwaway Redis (redis-server) to check the rate limits through a Redis
# outage. Installs Debian's redis-server when it is missing and we run as root; otherwise names it.
set -euo pipefail
command -v redis-server >/dev/null 2>&1 && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "The API tests need Redis: install it with: sudo apt-get install -y redis-server" >&2
  exit 1
fi
echo "Installing redis-server (apt-get)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
# Debian's package starts a system service; the tests run their own servers.
systemctl disable --now redis-server >/dev/null 2>&1 || service redis-server stop >/dev/null 2>&1 || true
