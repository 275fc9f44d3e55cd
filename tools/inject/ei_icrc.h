/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The RoCEv2 invariant CRC, computed as a receiver checks it: over the
 * IPv4 and UDP headers the kernel will put in front of the datagram, with
 * the fields a router may change masked to ones.
 */
#ifndef EI_ICRC_H
#define EI_ICRC_H

#include <stddef.h>
#include <stdint.h>

#define EI_ICRC_LEN	4

/* The addresses and ports of one datagram (addresses in network order). */
struct ei_flow {
	uint32_t saddr;
	uint32_t daddr;
	uint16_t sport;
	uint16_t dport;
};

uint32_t ei_crc32(uint32_t crc, const void *buf, size_t len);
uint32_t ei_icrc(const struct ei_flow *f, const uint8_t *pkt, size_t len);
void ei_icrc_put(const struct ei_flow *f, uint8_t *pkt, size_t len);

#endif
