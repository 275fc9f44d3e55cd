// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: data pattern and byte checker.
 *
 * DOC: pattern
 * Every message payload is a counter-mode stream: byte @off of message @msg
 * on QP @qp is byte (off % 8) of ev_word(key, off / 8), where key is derived
 * from (seed, QP, message number). Any byte can be recomputed on its own, so
 * the receiver checks a message without extra traffic and a report can name
 * the exact expected byte at any offset. Words are stored little-endian so
 * both ends agree whatever the host byte order.
 */
#include <string.h>

#include "ev_pattern.h"

#define EV_GOLDEN 0x9e3779b97f4a7c15ULL

/* The splitmix64 finaliser: a bijective 64-bit mixer with full avalanche. */
uint64_t ev_mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

uint64_t ev_key(uint64_t seed, enum ev_domain dom, uint32_t qp, uint64_t msg)
{
	uint64_t k = ev_mix64(seed + EV_GOLDEN);

	k = ev_mix64(k ^ ((uint64_t)dom << 56) ^ qp);
	return ev_mix64(k ^ msg);
}

uint64_t ev_word(uint64_t key, uint64_t index)
{
	return ev_mix64(key + (index + 1) * EV_GOLDEN);
}

static void ev_store_le(uint8_t *p, uint64_t w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(w >> (8 * i));
}

void ev_pattern_fill(void *buf, size_t len, uint64_t seed, uint32_t qp,
		     uint64_t msg)
{
	uint64_t key = ev_key(seed, EV_DOM_DATA, qp, msg);
	uint8_t *p = buf;
	size_t i, words = len / 8;

	for (i = 0; i < words; i++)
		ev_store_le(p + 8 * i, ev_word(key, i), 8);
	if (len % 8)
		ev_store_le(p + 8 * words, ev_word(key, words), len % 8);
}

uint8_t ev_pattern_byte(uint64_t seed, uint32_t qp, uint64_t msg, size_t off)
{
	uint64_t key = ev_key(seed, EV_DOM_DATA, qp, msg);

	return (uint8_t)(ev_word(key, off / 8) >> (8 * (off % 8)));
}

/* Slow path, only after a word differed: locate and count bad bytes. */
static void ev_scan_word(const uint8_t *p, uint64_t w, size_t n, size_t base,
			 struct ev_mismatch *mm)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint8_t want = (uint8_t)(w >> (8 * i));

		if (p[i] == want)
			continue;
		if (!mm->count) {
			mm->offset = base + i;
			mm->expected = want;
			mm->seen = p[i];
		}
		mm->count++;
	}
}

/**
 * ev_pattern_check() - compare a buffer with the pattern of one message
 * @buf: received bytes
 * @len: message length
 * @seed, @qp, @msg: identity of the message
 * @mm: filled with the first difference and the count of bad bytes
 *
 * Return: 0 when every byte matches, -1 otherwise.
 */
int ev_pattern_check(const void *buf, size_t len, uint64_t seed, uint32_t qp,
		     uint64_t msg, struct ev_mismatch *mm)
{
	uint64_t key = ev_key(seed, EV_DOM_DATA, qp, msg);
	const uint8_t *p = buf;
	size_t i, words = len / 8;
	uint8_t want[8];

	memset(mm, 0, sizeof(*mm));
	for (i = 0; i < words; i++) {
		uint64_t w = ev_word(key, i);

		ev_store_le(want, w, 8);
		if (memcmp(p + 8 * i, want, 8))
			ev_scan_word(p + 8 * i, w, 8, 8 * i, mm);
	}
	if (len % 8)
		ev_scan_word(p + 8 * words, ev_word(key, words), len % 8,
			     8 * words, mm);
	return mm->count ? -1 : 0;
}

/**
 * ev_poll_last_pkt() - bytes of a message's last packet
 * @len: message length, at least 1
 * @mtu: path MTU in bytes; 0 when unknown (the message is one packet)
 */
size_t ev_poll_last_pkt(size_t len, size_t mtu)
{
	if (!mtu || !len)
		return len;
	return (len - 1) % mtu + 1;
}

/**
 * ev_poll_check() - has the last byte of a WRITE shown before the rest?
 * @buf: the target region, written by the device behind our back
 * @len: message length
 * @mtu: path MTU in bytes
 * @seed, @qp, @msg: identity of the message
 * @mm: on EV_POLL_EARLY, the first old byte before the last packet and
 *	how many there are
 *
 * Return: EV_POLL_WAIT, EV_POLL_OK or EV_POLL_EARLY (see enum ev_poll).
 */
enum ev_poll ev_poll_check(const void *buf, size_t len, size_t mtu,
			   uint64_t seed, uint32_t qp, uint64_t msg,
			   struct ev_mismatch *mm)
{
	const uint8_t *p = buf;
	uint64_t key = ev_key(seed, EV_DOM_DATA, qp, msg);
	size_t tail = len < EV_POLL_TAIL ? len : EV_POLL_TAIL;
	size_t off, head;

	memset(mm, 0, sizeof(*mm));
	for (off = len - tail; off < len; off++)
		if (__atomic_load_n(&p[off], __ATOMIC_RELAXED) !=
		    (uint8_t)(ev_word(key, off / 8) >> (8 * (off % 8))))
			return EV_POLL_WAIT;
	/*
	 * The device writes behind the compiler's back: atomic loads above,
	 * and nothing read below may come from before them.
	 */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	head = len - ev_poll_last_pkt(len, mtu);
	if (!head)
		return EV_POLL_OK;
	return ev_pattern_check(p, head, seed, qp, msg, mm) ?
	       EV_POLL_EARLY : EV_POLL_OK;
}
