// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: connection set-up messages.
 */
#include <string.h>

#include "ev_wire.h"

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)v);
	put16(p + 2, (uint16_t)(v >> 16));
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (p[1] << 8));
}

static uint32_t get32(const uint8_t *p)
{
	return get16(p) | ((uint32_t)get16(p + 2) << 16);
}

static uint64_t get64(const uint8_t *p)
{
	return get32(p) | ((uint64_t)get32(p + 4) << 32);
}

/*
 * Request layout: 0 magic, 2 version, 3 ops, 4 qps, 6 qp_index, 8 depth,
 * 10 flags (bit 0: UC, bit 1: write_poll), 11 size_mode, 12 nsizes,
 * 13 reserved, 14 seed, 22 sizes[8].
 */
size_t ev_wire_req_pack(const struct ev_wire_req *req, uint8_t *buf,
			size_t len)
{
	const struct ev_config *c = &req->cfg;
	int i;

	if (len < EV_WIRE_REQ_LEN)
		return 0;
	memset(buf, 0, EV_WIRE_REQ_LEN);
	put16(buf, EV_WIRE_MAGIC);
	buf[2] = EV_WIRE_VERSION;
	buf[3] = (uint8_t)c->ops;
	put16(buf + 4, (uint16_t)c->qps);
	put16(buf + 6, (uint16_t)req->qp_index);
	put16(buf + 8, (uint16_t)c->depth);
	buf[10] = (c->uc ? 1 : 0) | (c->write_poll ? 2 : 0);
	buf[11] = (uint8_t)c->size_mode;
	buf[12] = (uint8_t)c->nsizes;
	put64(buf + 14, c->seed);
	for (i = 0; i < EV_MAX_SIZES; i++)
		put32(buf + 22 + 4 * i, c->sizes[i]);
	return EV_WIRE_REQ_LEN;
}

/* Return: 0, or -1 when too short, of another tool or version. */
int ev_wire_req_unpack(struct ev_wire_req *req, const uint8_t *buf,
		       size_t len)
{
	struct ev_config *c = &req->cfg;
	int i;

	if (len < EV_WIRE_REQ_LEN || get16(buf) != EV_WIRE_MAGIC ||
	    buf[2] != EV_WIRE_VERSION)
		return -1;
	memset(req, 0, sizeof(*req));
	c->ops = buf[3];
	c->qps = get16(buf + 4);
	req->qp_index = get16(buf + 6);
	c->depth = get16(buf + 8);
	c->uc = buf[10] & 1;
	c->write_poll = (buf[10] >> 1) & 1;
	c->size_mode = buf[11];
	c->nsizes = buf[12];
	c->seed = get64(buf + 14);
	for (i = 0; i < EV_MAX_SIZES; i++)
		c->sizes[i] = get32(buf + 22 + 4 * i);
	return 0;
}

/*
 * Reply layout: 0 magic, 2 version, 3 status, 4 rkey, 8 slot_addr,
 * 16 atomic_addr, 24 nslots, 28 slot_size.
 */
size_t ev_wire_rep_pack(const struct ev_wire_rep *rep, uint8_t *buf,
			size_t len)
{
	if (len < EV_WIRE_REP_LEN)
		return 0;
	put16(buf, EV_WIRE_MAGIC);
	buf[2] = EV_WIRE_VERSION;
	buf[3] = (uint8_t)rep->status;
	put32(buf + 4, rep->rkey);
	put64(buf + 8, rep->slot_addr);
	put64(buf + 16, rep->atomic_addr);
	put32(buf + 24, rep->nslots);
	put32(buf + 28, rep->slot_size);
	return EV_WIRE_REP_LEN;
}

int ev_wire_rep_unpack(struct ev_wire_rep *rep, const uint8_t *buf,
		       size_t len)
{
	if (len < EV_WIRE_REP_LEN || get16(buf) != EV_WIRE_MAGIC ||
	    buf[2] != EV_WIRE_VERSION)
		return -1;
	rep->status = buf[3];
	rep->rkey = get32(buf + 4);
	rep->slot_addr = get64(buf + 8);
	rep->atomic_addr = get64(buf + 16);
	rep->nslots = get32(buf + 24);
	rep->slot_size = get32(buf + 28);
	return 0;
}

void ev_wire_addr_pack(const struct ev_qp_addr *a, uint8_t *buf)
{
	put32(buf, a->qpn);
	put32(buf + 4, a->psn);
	memcpy(buf + 8, a->gid, 16);
}

void ev_wire_addr_unpack(struct ev_qp_addr *a, const uint8_t *buf)
{
	a->qpn = get32(buf);
	a->psn = get32(buf + 4);
	memcpy(a->gid, buf + 8, 16);
}
