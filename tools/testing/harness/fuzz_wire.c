// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target over the wire codec: byte 0 chooses EUNH (even) or an
 * EUN_ACK payload (odd), the rest is handed to the parser as it is. The
 * answer must match the reference model (wire_model.c) and an accepted
 * input must pack back to the very bytes consumed; a mismatch or a
 * sanitizer report aborts.
 */
#include <stdio.h>
#include <stdlib.h>

#include "wire_model.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	char err[160];
	int bad;

	if (size < 1)
		return 0;
	if (data[0] & 1)
		bad = wire_check_ack_bytes(data + 1, size - 1, err);
	else
		bad = wire_check_ext_bytes(data + 1, size - 1, err);
	if (bad) {
		fprintf(stderr, "fuzz_wire: %s\n", err);
		abort();
	}
	return 0;
}
