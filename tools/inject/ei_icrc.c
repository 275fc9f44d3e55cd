// SPDX-License-Identifier: GPL-2.0
/*
 * ICRC of a RoCEv2 packet sent from an ordinary UDP socket.
 *
 * The IBA (annex A17) computes the ICRC as Ethernet's CRC32 over 8 bytes
 * of ones (the masked LRH of InfiniBand), the IP header, the UDP header,
 * the BTH and everything after it up to the ICRC. A router may change the
 * IPv4 TOS, TTL and header checksum and the UDP checksum, and the BTH byte
 * after the P_Key (FECN, BECN, reserved): those are ones in the sum.
 *
 * The kernel writes the IP header; what it will write is predictable for
 * an unconnected socket with IP_PMTUDISC_DO: version 4, IHL 5, DF and an
 * identification of 0 (ip_select_ident() gives a zero ID to a DF datagram
 * of an unconnected socket), no options. The masked fields need no guess.
 */

#include <string.h>

#include "ei_icrc.h"

#define EI_IPV4_LEN	20
#define EI_UDP_LEN	8
#define EI_BTH_LEN	12

/* Bit-reflected CRC32 (poly 0x04c11db7) on the raw register: no inversion. */
uint32_t ei_crc32(uint32_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;
	int k;

	while (len--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return crc;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v >> 8;
	p[1] = v;
}

/* The IPv4 and UDP headers a receiver sees, masked as the ICRC wants. */
static void ei_pseudo_hdr(const struct ei_flow *f, size_t len, uint8_t *h)
{
	size_t udp_len = EI_UDP_LEN + len;

	memset(h, 0, EI_IPV4_LEN + EI_UDP_LEN);
	h[0] = 0x45;			/* version 4, IHL 5 */
	h[1] = 0xff;			/* TOS: masked */
	put16(h + 2, EI_IPV4_LEN + udp_len);
	put16(h + 4, 0);		/* identification: 0, see above */
	put16(h + 6, 0x4000);		/* DF, offset 0 */
	h[8] = 0xff;			/* TTL: masked */
	h[9] = 17;			/* UDP */
	put16(h + 10, 0xffff);		/* header checksum: masked */
	memcpy(h + 12, &f->saddr, 4);
	memcpy(h + 16, &f->daddr, 4);
	put16(h + 20, f->sport);
	put16(h + 22, f->dport);
	put16(h + 24, udp_len);
	put16(h + 26, 0xffff);		/* UDP checksum: masked */
}

/**
 * ei_icrc() - the ICRC of a packet
 * @f: the datagram's addresses and ports
 * @pkt: UDP payload from the BTH on, ICRC included
 * @len: its length, at least a BTH and the ICRC
 *
 * Return: the CRC's final value; it goes on the wire least significant
 * byte first, as Ethernet's FCS does.
 */
uint32_t ei_icrc(const struct ei_flow *f, const uint8_t *pkt, size_t len)
{
	static const uint8_t lrh[8] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
	};
	uint8_t h[EI_IPV4_LEN + EI_UDP_LEN];
	uint8_t bth[EI_BTH_LEN];
	uint32_t crc;

	ei_pseudo_hdr(f, len, h);
	memcpy(bth, pkt, EI_BTH_LEN);
	bth[4] = 0xff;			/* FECN, BECN, reserved: masked */
	crc = ei_crc32(0xffffffffu, lrh, sizeof(lrh));
	crc = ei_crc32(crc, h, sizeof(h));
	crc = ei_crc32(crc, bth, sizeof(bth));
	crc = ei_crc32(crc, pkt + EI_BTH_LEN, len - EI_BTH_LEN - EI_ICRC_LEN);
	return ~crc;
}

/* Write the ICRC into the last 4 bytes of @pkt. */
void ei_icrc_put(const struct ei_flow *f, uint8_t *pkt, size_t len)
{
	uint32_t icrc = ei_icrc(f, pkt, len);
	uint8_t *p = pkt + len - EI_ICRC_LEN;

	p[0] = icrc;
	p[1] = icrc >> 8;
	p[2] = icrc >> 16;
	p[3] = icrc >> 24;
}
