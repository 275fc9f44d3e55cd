// SPDX-License-Identifier: GPL-2.0
/*
 * The golden packets section of Documentation/wire-format.rst, made by the
 * module's own codec.
 *
 *   wire_golden
 *
 * Packs every example of kunit/eun_wire_golden.h with eun_ext_pack() and
 * eun_ack_pack() (core/eun_wire.c, built here with the shim headers),
 * parses the result back, and prints the section as the document holds it.
 * Exits 1, printing nothing, if an example's packed bytes differ from the
 * bytes the header records or do not parse back to the same values: then
 * the header, the KUnit suite and the document all disagree with the code.
 * wire-golden.sh compares the output with the document.
 */
#include <stdio.h>
#include <string.h>

#include "eun_wire_golden.h"

/* Pack @g with the codec; 0 if it gives the recorded bytes and parses back. */
static int check(const struct eun_golden *g, u8 *out)
{
	size_t at = eun_golden_ooo_at(g);
	struct eun_ext_hdr h;
	struct eun_ack_info a;
	int n, back;

	memset(out, 0xa5, EUN_GOLDEN_MAX_LEN);
	n = eun_golden_pack(g, out, EUN_GOLDEN_MAX_LEN);
	if (n < 0) {
		fprintf(stderr, "wire_golden: %s: pack refused it (%d)\n", g->name, n);
		return 1;
	}
	if ((size_t)n != g->len || memcmp(out, g->bytes, g->len)) {
		fprintf(stderr, "wire_golden: %s: the codec packs other bytes than the header records\n",
			g->name);
		return 1;
	}
	if (eun_golden_is_ack(g))
		back = eun_ack_parse(out + at, n - at, &a) == (int)(n - at) &&
		       eun_golden_ack_eq(&a, &g->ack);
	else
		back = eun_ext_parse(out + at, n - at, &h) == (int)(n - at) &&
		       eun_golden_ext_eq(&h, &g->ext);
	if (!back) {
		fprintf(stderr, "wire_golden: %s: does not parse back\n", g->name);
		return 1;
	}
	return 0;
}

/* One labelled line of 4-byte groups, at most 16 bytes. */
static void line(const char *label, const u8 *p, size_t n)
{
	size_t i;

	printf("   %-6s", label);
	for (i = 0; i < n; i++)
		printf("%s%02x", i == 0 ? "" : i % 4 ? " " : "  ", p[i]);
	printf("\n");
}

static void print(const struct eun_golden *g, const u8 *b)
{
	size_t at = eun_golden_ooo_at(g), i;

	printf("%s::\n\n", g->text);
	line("BTH", b, EUN_GOLDEN_BTH_LEN);
	if (eun_golden_is_ack(g)) {
		line("AETH", b + EUN_GOLDEN_BTH_LEN, EUN_GOLDEN_AETH_LEN);
		line("ACK", b + at, EUN_ACK_FIXED_LEN);
		for (i = at + EUN_ACK_FIXED_LEN; i < g->len; i += sizeof(u64))
			line("", b + i, sizeof(u64));
	} else {
		if (g->opcode == EUN_OP_RC_WRITE)
			line("RETH", b + EUN_GOLDEN_BTH_LEN, EUN_GOLDEN_RETH_LEN);
		line("EUNH", b + at, EUN_EXT_HDR_LEN);
		if (g->ext.flags & EUN_EXT_F_IMM)
			line("IMMDT", b + at + EUN_EXT_HDR_LEN, EUN_IMMDT_LEN);
	}
	printf("\n");
}

int main(void)
{
	u8 out[EUN_GOLDEN_COUNT][EUN_GOLDEN_MAX_LEN];
	int i, bad = 0;

	for (i = 0; i < EUN_GOLDEN_COUNT; i++)
		bad |= check(&eun_goldens[i], out[i]);
	if (bad)
		return 1;

	printf("From BTH up to the first payload byte; ICRC and payload left out.\n"
	       "QP number 0x%x, P_Key 0x%04x, path MTU %u.\n\n",
	       EUN_GOLDEN_QPN, EUN_GOLDEN_PKEY, EUN_GOLDEN_MTU);
	for (i = 0; i < EUN_GOLDEN_COUNT; i++)
		print(&eun_goldens[i], out[i]);
	return 0;
}
