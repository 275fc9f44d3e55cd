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
# Some reports are the emulator's, not the kernel's. On the bed qemu's TCG
# (7.2) now and then pushes an EFLAGS image made of RDI's low 32 bits (with
# bits 1 and 9 set) for an interrupt, and iret loads it: the trap flag
# gives a single-step #DB in kernel mode (exc_debug_kernel's WARN), the
# other bits a double fault or worse. A report whose register dump shows
# EFLAGS with any of the reserved bits 22-31 set (the CPU state no x86 CPU
# can hold: they always read 0), or that is exc_debug_kernel's WARN (the
# kernel never sets TF in kernel mode), gets "TCG:" before its signature
# and OWN 0, whatever its trace names.
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
	function hexval(c) { return index("0123456789abcdef", c) - 1 }
	# EFLAGS (8 hex digits) has one of the reserved bits 22-31 set.
	function reserved_flags(fl) {
		return length(fl) == 8 && (hexval(substr(fl, 1, 1)) >= 1 ||
			hexval(substr(fl, 2, 1)) >= 1 || hexval(substr(fl, 3, 1)) >= 4)
	}
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
		if (match(line, /EFLAGS: [0-9a-f]+/) &&
		    reserved_flags(substr(line, RSTART + 8, RLENGTH - 8)))
			tcg = 1
		if (line ~ /end trace/) inrep = 0
	}
	END {
		if (first == "") { print "clean 0 -"; exit }
		if (kind == "race") own = 0
		sig = first
		if (rip != "") sig = sig " (RIP " rip ")"
		if (tcg || first ~ /WARNING: .* exc_debug_kernel/) { sig = "TCG: " sig; own = 0 }
		print kind, own + 0, sig
	}'
