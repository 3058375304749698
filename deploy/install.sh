#!/usr/bin/env bash
# Install Zombie Table as a service on Raspberry Pi OS (or any Debian with systemd):
#   sudo deploy/install.sh
# puts the package in a virtual environment under /opt/zombie-table, a config file in
# /etc/zombie-table/ (kept if there is one), a systemd unit that runs it at boot as the
# unprivileged user 'zombie-table' (groups video, dialout, gpio), and starts it.
#
#   deploy/install.sh --root DIR   installs into DIR instead of / and touches nothing else
#                                  (no user, no systemctl): for trying it out and for tests.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source_dir="$(dirname "$here")"
root="/"
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
root="${root%/}"
system=true
[ -n "$root" ] && system=false

if $system && [ "$(id -u)" != 0 ]; then
  echo "install.sh: run it as root (sudo deploy/install.sh)" >&2
  exit 1
fi

if $system; then
  python3 -c 'import ensurepip, venv' 2>/dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
  }
  id zombie-table >/dev/null 2>&1 || useradd --system --home-dir /var/lib/zombie-table \
    --shell /usr/sbin/nologin zombie-table
  for group in video dialout gpio; do
    getent group "$group" >/dev/null || groupadd --system "$group"
    usermod -aG "$group" zombie-table
  done
fi

app="$root/opt/zombie-table"
mkdir -p "$app" "$root/etc/zombie-table" "$root/var/lib/zombie-table" "$root/etc/systemd/system"
[ -x "$app/venv/bin/python" ] || python3 -m venv "$app/venv"
"$app/venv/bin/python" -m pip install -q --upgrade pip
"$app/venv/bin/python" -m pip install -q "$source_dir"
mkdir -p "$app/docs" && cp "$source_dir"/docs/*.md "$app/docs/"
[ -f "$root/etc/zombie-table/config.toml" ] || cp "$here/config.toml" "$root/etc/zombie-table/config.toml"
chmod 640 "$root/etc/zombie-table/config.toml"  # it may hold the PIN
sed "s|/opt/zombie-table|$app|g; s|/etc/zombie-table|$root/etc/zombie-table|g" \
  "$here/zombie-table.service" > "$root/etc/systemd/system/zombie-table.service"
"$app/venv/bin/zombie-table" doctor --config "$root/etc/zombie-table/config.toml" \
  --db "$root/var/lib/zombie-table/table.sqlite3" || true

if $system; then
  chown -R zombie-table:zombie-table /var/lib/zombie-table
  chown root:zombie-table /etc/zombie-table/config.toml
  systemctl daemon-reload
  systemctl enable --now zombie-table.service
  echo "Zombie Table is running: journalctl -u zombie-table -f shows its address and PIN."
else
  echo "Installed into $root (no user or service was created)."
fi
