/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: connection set-up messages.
 *
 * The client's request carries the configuration and fits in the 56 bytes
 * of private data rdma_cm allows in a connect request; the TCP exchange
 * appends the QP address. Fields are little-endian at fixed offsets, so
 * the format does not depend on compiler struct layout. Pure code.
 */
#ifndef EV_WIRE_H
#define EV_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "ev_plan.h"

#define EV_WIRE_MAGIC		0x4556	/* "EV" */
#define EV_WIRE_VERSION		1
#define EV_WIRE_REQ_LEN		54	/* without the QP address */
#define EV_WIRE_REP_LEN		32
#define EV_WIRE_ADDR_LEN	24	/* qpn, psn, gid */

enum ev_rep_status {
	EV_REP_OK,
	EV_REP_BAD_CONFIG,	/* request refused by ev_config_check() */
	EV_REP_NO_RESOURCES,	/* memory or verbs objects unavailable */
	EV_REP_STATUS_COUNT
};

/**
 * struct ev_qp_addr - what the TCP exchange needs to connect a QP by hand
 * @qpn: QP number
 * @psn: first packet sequence number
 * @gid: port GID (RoCE: the IP address in GID form)
 */
struct ev_qp_addr {
	uint32_t qpn;
	uint32_t psn;
	uint8_t gid[16];
};

/**
 * struct ev_wire_req - client to server, one per QP
 * @cfg: the run configuration
 * @qp_index: which of the @cfg->qps QPs this connection carries
 */
struct ev_wire_req {
	struct ev_config cfg;
	uint32_t qp_index;
};

/**
 * struct ev_wire_rep - server to client, one per QP
 * @status: enum ev_rep_status
 * @rkey: key of the server's region
 * @slot_addr: address of slot 0
 * @atomic_addr: address of the atomic words
 * @nslots: number of slots (the message ring)
 * @slot_size: bytes per slot
 */
struct ev_wire_rep {
	uint32_t status;
	uint32_t rkey;
	uint64_t slot_addr;
	uint64_t atomic_addr;
	uint32_t nslots;
	uint32_t slot_size;
};

size_t ev_wire_req_pack(const struct ev_wire_req *req, uint8_t *buf,
			size_t len);
int ev_wire_req_unpack(struct ev_wire_req *req, const uint8_t *buf,
		       size_t len);
size_t ev_wire_rep_pack(const struct ev_wire_rep *rep, uint8_t *buf,
			size_t len);
int ev_wire_rep_unpack(struct ev_wire_rep *rep, const uint8_t *buf,
		       size_t len);
void ev_wire_addr_pack(const struct ev_qp_addr *a, uint8_t *buf);
void ev_wire_addr_unpack(struct ev_qp_addr *a, const uint8_t *buf);

#endif /* EV_WIRE_H */
