// SPDX-License-Identifier: GPL-2.0
/*
 * Does this CPU (or emulator) hand out the right flags after a failed
 * CMPXCHG16B?
 *
 * qemu 7.2's TCG computes the flags of CMPXCHG16B from the lazy-flags
 * state its translated block started with, not from the instructions
 * before it in the block. When the block starts right after an
 * instruction that left the flags literal (POPF, IRET) and an ADD comes
 * before the CMPXCHG16B, the "flags" are the ADD's source operand: a
 * pointer, trap flag and reserved bits included. SLUB's per-CPU fast
 * path is exactly that shape (add, cmpxchg16b, retry), and an interrupt
 * that then pushes and IRETs these flags single-steps or double-faults
 * the guest kernel. Documentation/testing.rst has the whole story.
 *
 * Exit status: 0 the flags are right, 1 they are not (printed).
 * Without CMPXCHG16B (qemu -cpu ...,-cx16) the program dies of SIGILL.
 */
#include <stdint.h>
#include <stdio.h>

#define FLAGS_ARITH	0x8d5ull	/* CF PF AF ZF SF OF */
#define FLAGS_ZF	0x040ull
#define FLAGS_USER	0x202ull	/* IF and the always-one bit 1 */

static unsigned __int128 slot = (unsigned __int128)2 << 64 | 1;

int main(void)
{
	/* What the ADD's source holds ends up in the flags on qemu 7.2. */
	uint64_t pointer = 0xff17165f03e33f00ull;
	uint64_t lo = 5, hi = 6, flags;

	asm volatile(
		"pushq $0x202\n\t"
		"popfq\n\t"		/* the flags are literal ...        */
		"jmp 1f\n"		/* ... when the next block starts   */
		"1:\n\t"
		"add %[pointer], %%rax\n\t"
		"cmpxchg16b %[slot]\n\t"	/* 5:6 != 1:2, so it fails */
		"pushfq\n\t"
		"popq %[flags]\n\t"
		: [flags] "=r" (flags), "+a" (lo), "+d" (hi),
		  [slot] "+m" (slot)
		: [pointer] "r" (pointer), "b" (7ull), "c" (8ull)
		: "cc", "memory");

	if ((flags & ~FLAGS_ARITH) == FLAGS_USER && !(flags & FLAGS_ZF)) {
		printf("flags after a failed cmpxchg16b: %#llx: right\n",
		       (unsigned long long)flags);
		return 0;
	}
	printf("flags after a failed cmpxchg16b: %#llx: wrong (an ADD's source was %#llx)\n",
	       (unsigned long long)flags, (unsigned long long)pointer);
	return 1;
}
