#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Read a guest's serial console log and say what its kernel went through.
# Prints one line:
#
#   KIND OWN SIGNATURE
#
# KIND is the worst thing seen:
#   crash       an oops, BUG, general protection fault or panic: the guest
#               did not survive (a panic reboots, which ends its qemu)
#   warn        a WARNING (WARN_ON with its call trace) or a "BUG:" report
#               such as a soft lockup, that the guest survived
#   race        PID 1 exited after the guest asked to power off: the panic
#               "Attempted to kill init!" with a power-off request before it
#               and no other report: the job had finished, nothing crashed
#   clean       none of these
# OWN is 1 when the first report's lines name MODULE's code (a "[MODULE]"
# tag on a call-trace or RIP line), else 0. SIGNATURE is the report's first
# line without its timestamp, with the RIP's function when there is one.
#
# One report is the emulator's, not the kernel's: exc_debug_kernel's WARN
# on a single-step #DB in kernel mode. The kernel never sets TF there; on
# the bed the #DB frame's EFLAGS held the low bits of RDI (| 0x202), so
# qemu's TCG computed them, under -cpu max and qemu64 alike. Such a report
# and what follows from it in the same boot get "TCG #DB:" before the
# signature and OWN 0, whatever the trace names.
#
# Usage: tools/vm/console-scan.sh CONSOLE_LOG [MODULE]
set -euo pipefail

log=${1:?usage: console-scan.sh CONSOLE_LOG [MODULE]}
module=${2:-rdma_rxe_eun}
[ -r "$log" ] || { echo "clean 0 (no console log)"; exit 0; }

# Control characters from a dying guest would garble one-line reports.
tr -d '\000-\010\013-\037\177' < "$log" | awk -v mod="[$module]" '
	function strip(s) { sub(/^\[ *[0-9]+\.[0-9]+\] /, "", s); return s }
	function is_crash(s) {
		return s ~ /(Oops:|BUG: (unable|kernel|Bad page)|kernel BUG at|general protection fault|Kernel panic - not syncing|double fault|stack-protector)/
	}
	function is_warn(s) { return s ~ /(WARNING: CPU: |------------\[ cut here \]|BUG: )/ }
	function open_report(s) {
		first = s; kind = is_crash(s) ? "crash" : "warn"
		inrep = 1; left = 80
		if (index(s, mod)) own = 1
	}
	{ line = strip($0) }
	line ~ /(sysrq: Power Off|reboot: Power down)/ { poweroff = 1 }
	first == "" && (is_crash(line) || is_warn(line)) {
		# "cut here" opens a report: name it by the line that follows.
		if (line ~ /cut here/) { pending = 1; next }
		open_report(line)
		if (line ~ /Attempted to kill init/ && poweroff) kind = "race"
		next
	}
	pending && first == "" { open_report(line); pending = 0; next }
	first != "" && is_crash(line) && kind != "crash" {
		# A report that ends in a panic or oops is a crash; a race is
		# only a lone "kill init" panic after the power-off request.
		if (!(line ~ /Attempted to kill init/ && poweroff && kind == "race")) kind = "crash"
	}
	inrep && left > 0 {
		left--
		if (index(line, mod)) own = 1
		# The RIP of the report subject: past the one of exc_debug_kernel.
		if ((rip == "" || rip ~ /^exc_debug_kernel/) && line ~ /^RIP: 0010:/) {
			rip = line; sub(/^RIP: 0010:/, "", rip); sub(/ .*/, "", rip)
		}
		if (line ~ /end trace/) inrep = 0
	}
	END {
		if (first == "") { print "clean 0 -"; exit }
		if (kind == "race") own = 0
		sig = first
		if (rip != "") sig = sig " (RIP " rip ")"
		if (first ~ /WARNING: .* exc_debug_kernel/) { sig = "TCG #DB: " sig; own = 0 }
		print kind, own + 0, sig
	}'
