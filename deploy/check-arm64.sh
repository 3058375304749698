#!/usr/bin/env bash
# Prove the Raspberry Pi install on a 64-bit ARM system, emulated on this machine:
#   sudo deploy/check-arm64.sh [--fresh]
# builds a Debian 12 "bookworm" arm64 userland with debootstrap, runs it under qemu-user-static
# in a chroot, and there: deploy/install.sh (as on a Pi, with apt and the service's user),
# `zombie-table doctor`, `zombie-table read-dice` on real photos (compared with this machine's
# own reading of them), and `zombie-table serve` answering a game of Zombie Dice played through
# the API. Debian's archive has no Raspberry Pi packages, so this checks the plain Debian arm64
# path: lgpio from PyPI, no picamera2 (docs/INSTALL.md says what only a real Pi shows).
#
# Kept between runs in $ZOMBIE_TABLE_ARM64_CACHE (default /var/cache/zombie-table-arm64): the
# downloaded packages, the built userland, apt's and pip's downloads. --fresh forgets them.
# Needs root (debootstrap, chroot, mounts), the checkout's .venv (./test.sh makes it) for the
# reading to compare with, and ../shared/datasets/dice-photos.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source_dir="$(dirname "$here")"
cache="${ZOMBIE_TABLE_ARM64_CACHE:-/var/cache/zombie-table-arm64}"
photos_dir="$source_dir/../shared/datasets/dice-photos"
suite=bookworm
started=$SECONDS
step() { echo "== $(( SECONDS - started ))s: $*"; }

[ "${1:-}" = --fresh ] && rm -rf "$cache"
if [ "$(id -u)" != 0 ]; then
  echo "check-arm64.sh: run it as root (debootstrap, chroot and mounts need it)" >&2
  exit 1
fi
reference="$source_dir/.venv/bin/zombie-table"
if [ ! -x "$reference" ]; then
  echo "check-arm64.sh: needs $reference to compare the dice readings (./test.sh makes it)" >&2
  exit 1
fi
if [ ! -d "$photos_dir" ]; then
  echo "check-arm64.sh: needs the dice photos in $photos_dir" >&2
  exit 1
fi

step "tools: debootstrap, qemu-user-static, binfmt-support"
if ! command -v debootstrap >/dev/null || ! command -v qemu-aarch64-static >/dev/null \
   || ! command -v update-binfmts >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static binfmt-support \
    debootstrap >/dev/null
fi
mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
if ! grep -q '^enabled' /proc/sys/fs/binfmt_misc/qemu-aarch64 2>/dev/null; then
  echo "check-arm64.sh: the kernel does not run arm64 programs through qemu (binfmt_misc)" >&2
  exit 1
fi

# The Debian archive this machine's apt uses
mirror="$(sed -n 's/^URIs: *\([^ ]*debian\)\/*$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null \
  | head -n1)"
[ -n "$mirror" ] || mirror="$(sed -n 's/^deb \(\[[^]]*\] \)\?\([^ ]*debian\)\/* .*/\2/p' \
  /etc/apt/sources.list 2>/dev/null | head -n1)"
mirror="${mirror:-http://deb.debian.org/debian}"

mkdir -p "$cache/pip" "$cache/apt"
debs="$cache/$suite-arm64-debs.tgz"
base="$cache/$suite-arm64-rootfs.tar"
if [ ! -f "$base" ]; then
  if [ ! -f "$debs" ]; then
    step "downloading Debian 12 arm64 packages from $mirror"
    debootstrap --arch=arm64 --variant=minbase --include=ca-certificates,python3 \
      --make-tarball="$debs.part" "$suite" "$cache/mk" "$mirror" >"$cache/debootstrap.log"
    mv "$debs.part" "$debs"
    rm -rf "$cache/mk"
  fi
  step "building the arm64 userland (debootstrap, emulated)"
  rm -rf "$cache/base"
  debootstrap --arch=arm64 --variant=minbase --unpack-tarball="$debs" "$suite" "$cache/base" \
    "$mirror" >>"$cache/debootstrap.log"
  tar -C "$cache/base" -cf "$base.part" . && mv "$base.part" "$base"
  rm -rf "$cache/base"
fi

step "a fresh copy of the userland, with this checkout in /usr/src/zombie-table"
work="$(mktemp -d /var/tmp/zombie-table-arm64.XXXXXX)"
mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" || { sleep 5; umount "${mounted[i]}"; } || true
  done
  if grep -q " $work/" /proc/mounts; then
    echo "check-arm64.sh: $work is still mounted on; left as it is" >&2
  else
    rm -rf --one-file-system "$work"
  fi
}
trap cleanup EXIT
rootfs="$work/rootfs"
mkdir -p "$rootfs"
tar -C "$rootfs" -xf "$base"
mkdir -p "$rootfs/usr/src/zombie-table"
git -C "$source_dir" ls-files -z | (cd "$source_dir" && tar --null -T - -cf -) \
  | tar -C "$rootfs/usr/src/zombie-table" -xf -
cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
# pip in the chroot trusts what this machine trusts (a network that inspects TLS has its own CA)
cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/host-ca-certificates.crt"
bind() {
  mkdir -p "$rootfs$2"
  mount --bind "$1" "$rootfs$2"
  mounted+=("$rootfs$2")
}
bind /proc /proc
bind /sys /sys
bind /dev /dev
bind /dev/pts /dev/pts
bind "$cache/apt" /var/cache/apt/archives
bind "$cache/pip" /root/.cache/pip
# The chroot sees a Raspberry Pi 4's processor: qemu emulates its Cortex-A72 (QEMU_CPU, below),
# and /proc/cpuinfo describes this machine's cores as such. qemu 7.2 shows arm64 programs this
# machine's own x86 /proc/cpuinfo, and ONNX Runtime's processor probe crashes on that at import
# (a Pi shows its own).
for ((n = 0; n < $(nproc); n++)); do
  printf 'processor\t: %s\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\n' "$n"
  printf 'CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\n'
  printf 'CPU revision\t: 3\n\n'
done >"$work/cpuinfo"
mount --bind "$work/cpuinfo" "$rootfs/proc/cpuinfo"
mounted+=("$rootfs/proc/cpuinfo")
rm -f "$rootfs/etc/apt/apt.conf.d/docker-clean"  # keep apt's downloads for the next run

# Three photos of each set, read here and there
mkdir -p "$rootfs/root/photos"
photos=()
for set in nellbyler_d6 matteop65_wood; do
  while read -r photo; do
    cp "$photo" "$rootfs/root/photos/"
    photos+=("$photo")
  done < <(find "$photos_dir/$set/images" -name '*.jpg' | sort | head -n 3)
done
"$reference" read-dice --json "${photos[@]}" >"$work/x86.jsonl"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
step "in the arm64 chroot: install, doctor, read-dice, serve"
chroot "$rootfs" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  QEMU_CPU=cortex-a72 PIP_CERT=/etc/ssl/certs/host-ca-certificates.crt PORT="$port" \
  /bin/bash -s <<'INSIDE'
set -euo pipefail
echo "architecture: $(dpkg --print-architecture), $(uname -m), $(python3 --version)"
t=$SECONDS
/usr/src/zombie-table/deploy/install.sh | while IFS= read -r line; do
  echo "[$(( SECONDS - t ))s] $line"
done
echo "install.sh took $(( SECONDS - t ))s"
zt=/opt/zombie-table/venv/bin/zombie-table
cd /  # the doctor opens the pins from the game log's folder, as the service runs
/opt/zombie-table/venv/bin/python -m pip list 2>/dev/null \
  | grep -Ei '^(lgpio|gpiozero|numpy|opencv-python-headless|onnxruntime) '
runuser -u zombie-table -- "$zt" doctor --config /etc/zombie-table/config.toml \
  >/root/doctor.txt || true
cat /root/doctor.txt
# lgpio is there and tried: under emulation it finds no Raspberry Pi to drive
grep -q "gpio .*lgpio is installed but cannot open them" /root/doctor.txt
t=$SECONDS
"$zt" read-dice --json /root/photos/*.jpg >/root/arm64.jsonl
echo "read-dice took $(( SECONDS - t ))s for $(wc -l </root/arm64.jsonl) photos"

cd /var/lib/zombie-table  # where the service runs (its unit's WorkingDirectory)
runuser -u zombie-table -- "$zt" serve --config /etc/zombie-table/config.toml \
  --host 127.0.0.1 --port "$PORT" --pin 1234 >/root/serve.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
/opt/zombie-table/venv/bin/python - "$PORT" <<'PLAY'
"""A game of Zombie Dice through the API: two players, rolls, a bank and a bust."""
import json
import sys
import time
import urllib.error
import urllib.request

api = f"http://127.0.0.1:{sys.argv[1]}/api"


def call(path, body=None):
    request = urllib.request.Request(
        api + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Table-PIN": "1234"},
    )
    # emulation is slow: a first start of a game computes Zombie Dice's odds tables
    with urllib.request.urlopen(request, timeout=600) as answer:
        return json.load(answer)


deadline = time.monotonic() + 600
while True:
    try:
        call("/games")
        break
    except (urllib.error.URLError, ConnectionError):
        assert time.monotonic() < deadline, "the table never answered"
        time.sleep(1)


def dice(*faces):
    colors = {"brain": "green", "feet": "yellow", "shotgun": "red"}
    return {"dice": [{"value": face, "color": colors[face]} for face in faces]}


game = call("/games", {"kind": "zombie-dice", "setup": {"players": ["Ana", "Ben"]}})
gid = game["id"]
game = call(f"/games/{gid}/rolls", {**dice("brain", "brain", "feet"), "version": game["version"]})
game = call(f"/games/{gid}/actions", {"kind": "stop", "version": game["version"]})
scores = {p["name"]: p["score"] for p in game["view"]["players"]}
assert scores == {"Ana": 2, "Ben": 0}, game["view"]["players"]
game = call(f"/games/{gid}/rolls", {**dice("shotgun", "shotgun", "shotgun"), "version": game["version"]})
bust = game["log"][-1]
assert "bust" in bust["signals"], bust
try:
    call(f"/games/{gid}/rolls", {"dice": [{"value": 7}], "version": game["version"]})
    raise AssertionError("a die showing 7 was taken")
except urllib.error.HTTPError as refused:
    error = json.load(refused)
    assert refused.code == 400 and error["rule"], error
print(f"served a game of Zombie Dice: {scores}, Ben's bust ruled by {[r['rule'] for r in bust['rulings']]}, a 7 refused by {error['rule']}")
PLAY
head -n 1 /root/serve.log
grep "GPIO panel" /root/serve.log || true
INSIDE

step "comparing the dice read on arm64 with this machine's reading"
python3 - "$work/x86.jsonl" "$rootfs/root/arm64.jsonl" <<'COMPARE'
import json
import os
import sys


def readings(path):
    return {
        os.path.basename(line["file"]): line["dice"]
        for line in map(json.loads, open(path))
    }


x86, arm = readings(sys.argv[1]), readings(sys.argv[2])
assert x86.keys() == arm.keys(), (x86.keys(), arm.keys())
for name in sorted(x86):
    ours = [(d["value"], d["box"], d["color"]) for d in x86[name]]
    theirs = [(d["value"], d["box"], d["color"]) for d in arm[name]]
    assert ours == theirs, f"{name}: x86 {ours} but arm64 {theirs}"
    drift = max((abs(a["confidence"] - b["confidence"]) for a, b in zip(x86[name], arm[name])), default=0)
    assert drift <= 0.01, f"{name}: confidence differs by {drift}"
    print(f"{name}: {len(ours)} dice, the same on arm64 (values {[v for v, _, _ in ours]})")
COMPARE
step "done: the install works on Debian 12 arm64"
