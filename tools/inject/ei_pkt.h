/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hostile packets: each kind builds one RoCEv2 packet (BTH to the ICRC
 * field, ICRC left out) aimed at one QP of an rdma_rxe_eun peer.
 */
#ifndef EI_PKT_H
#define EI_PKT_H

#include <stddef.h>
#include <stdint.h>

/* What a packet is aimed at: the target QP and its PSN neighbourhood. */
struct ei_target {
	uint32_t dqpn;		/* the target QP */
	uint32_t epsn;		/* its receive side's expected PSN */
	uint32_t una;		/* its send side's oldest unacknowledged PSN */
	uint32_t rkey;		/* an rkey of the target's, or any */
	uint32_t mtu;		/* the QP's path MTU */
	uint32_t max_len;	/* largest UDP payload the link carries */
};

/* Largest packet a kind builds: a 1500-byte link's UDP payload. */
#define EI_PKT_MAX	1472

/*
 * A kind: @build writes packet @i (0, 1, ...) of the kind into @buf and
 * returns its length, ICRC field included (the caller fills it in), or -1.
 * @expect is the counter the target must move, once per packet.
 */
struct ei_kind {
	const char *name;
	const char *expect;
	const char *what;
	int (*build)(const struct ei_target *t, unsigned int i, uint8_t *buf);
};

extern const struct ei_kind ei_kinds[];
extern const unsigned int ei_nkinds;

const struct ei_kind *ei_kind_find(const char *name);

#endif
