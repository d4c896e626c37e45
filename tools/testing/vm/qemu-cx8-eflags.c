// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * qemu-cx8-eflags - does the emulated CPU compute EFLAGS right after
 * CMPXCHG8B?  A 32-bit x86 user program for the i386 guest.
 *
 * After "adc; cmpxchg8b; jne; pushf" the flags word can only hold the
 * arithmetic flags, IF and the always-one bit 1.  QEMU 7.2's TCG
 * (Debian 12's qemu-system-i386) now and then, a few times in 200
 * million, gets it wrong, apparently from a stale lazy flags state: the
 * word then holds the ADC's source operand, 0xa9202 for 0xa9200.  In the kernel the same stale
 * word is what an interrupt taken right after the CMPXCHG8B pushes and
 * IRET loads back: TF (a #DB WARNING in exc_debug_kernel), NT (a double
 * fault at the next IRET), DF (memset and memcpy run backwards over the
 * stack).  The i386 ring buffer, whose 64-bit tail is a CMPXCHG8B loop,
 * runs into it under the KUnit suite's hard-interrupt writer.
 *
 * Build:  i686-linux-gnu-gcc -O2 -static -o qemu-cx8-eflags qemu-cx8-eflags.c
 * Run it in the guest (run-vm.sh --script a script that starts it).
 * Prints "CX8-EFLAGS bad N of M, last F"; N is 0 on real hardware.
 */
#include <stdint.h>
#include <stdio.h>

#define LOOPS		200000000UL
/* CF PF AF ZF SF IF DF OF and bit 1: what user code may see */
#define EFLAGS_SANE	0xed7UL

static uint64_t word;

int main(void)
{
	unsigned long i, flags, bad = 0, last = 0;

	/* One CMPXCHG8B after an ADC whose source has bits outside the flags. */
	for (i = 0; i < LOOPS; i++) {
		uint32_t lo = i, hi = 0x000a9200, add = 5, src = 0x000a9200;

		asm volatile("addl %[add], %%eax\n\t"
			     "adcl %[src], %%edx\n\t"
			     "movl %%eax, %%ebx\n\t"
			     "movl %%edx, %%ecx\n\t"
			     "lock cmpxchg8b %[w]\n\t"
			     "jne 1f\n"
			     "1:\tpushfl\n\t"
			     "popl %[flags]"
			     : [flags] "=S" (flags), "+a" (lo), "+d" (hi),
			       [w] "+m" (word)
			     : [add] "m" (add), [src] "m" (src)
			     : "ebx", "ecx", "cc", "memory");
		if (flags & ~EFLAGS_SANE) {
			bad++;
			last = flags;
		}
	}
	printf("CX8-EFLAGS bad %lu of %lu, last %#lx\n", bad, LOOPS, last);
	return bad != 0;
}
