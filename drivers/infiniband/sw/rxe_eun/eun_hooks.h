/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The narrow hooks by which the patched rxe calls into rxe_eun.
 *
 * rxe.h includes this header (patch 0002), so every rxe file sees the
 * hooks. The per-QP hooks live in eun_hooks.c: each reads the QP's mode
 * once, answers stock for a go-back-N QP and hands a tracking QP to the
 * ordering layer, which trusts that it tracks. The module, device and
 * counter hooks have no mode to read; their files declare them in the
 * headers included here.
 */
#ifndef EUN_HOOKS_H
#define EUN_HOOKS_H

#include "eun_verdicts.h"
#include "eun_main.h"
#include "eun_dev.h"
#include "eun_counters.h"

/* Name of the rdma link type, the module alias and the node description. */
#define EUN_LINK_TYPE "rxe_eun"

struct rxe_dev;
struct rxe_qp;
struct rxe_pkt_info;
struct rxe_send_wqe;
struct rxe_av;
struct sk_buff;
struct resp_res;

void eun_qp_init(struct rxe_dev *rxe, struct rxe_qp *qp);
void eun_qp_cleanup(struct rxe_qp *qp);
void eun_qp_reset(struct rxe_qp *qp);
void eun_qp_error(struct rxe_qp *qp);

enum eun_psn_verdict eun_resp_check_psn(struct rxe_qp *qp,
					struct rxe_pkt_info *pkt);
void eun_resp_flush_srq(struct rxe_qp *qp, bool notify);
bool eun_resp_queue_early(struct rxe_qp *qp, struct sk_buff *skb);
struct resp_res *eun_resp_res(struct rxe_qp *qp, struct rxe_pkt_info *pkt);
bool eun_resp_read_any_part(struct rxe_qp *qp);
enum eun_ack_verdict eun_comp_get_ack(struct rxe_qp *qp,
				      struct rxe_pkt_info *pkt);
enum eun_plain_ack_verdict eun_comp_plain_ack(struct rxe_qp *qp,
					      struct rxe_pkt_info *pkt,
					      struct rxe_send_wqe *wqe);

u32 eun_req_max_inflight(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
enum eun_resend_verdict eun_req_resend(struct rxe_qp *qp);
bool eun_req_admit(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
bool eun_req_owns(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
void eun_req_stock_built(struct rxe_qp *qp, struct rxe_pkt_info *pkt);
bool eun_req_stock_dropped(struct rxe_qp *qp, int err);
int eun_req_send(struct rxe_qp *qp, struct rxe_av *av,
		 struct rxe_send_wqe *wqe, struct rxe_pkt_info *pkt,
		 u32 payload);
bool eun_req_retry(struct rxe_qp *qp);

void eun_post_send_kick(struct rxe_qp *qp);

u16 eun_udp_sport(struct rxe_qp *qp, const struct rxe_pkt_info *pkt);

void eun_rcv_unknown_opcode(struct rxe_dev *rxe);
void eun_rcv_drop(struct rxe_dev *rxe);

#endif /* EUN_HOOKS_H */
