/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The narrow hooks by which the patched rxe calls into rxe_eun.
 *
 * Each hook answers with a verdict; the *_STOCK verdicts leave the packet
 * to the unmodified rxe logic (go-back-N), which is what every hook
 * answers for a QP in EUN_QP_GO_BACK_N mode.
 */
#ifndef EUN_HOOKS_H
#define EUN_HOOKS_H

#include "eun_dev.h"

/* Name of the rdma link type, the module alias and the node description. */
#define EUN_LINK_TYPE "rxe_eun"

struct rxe_dev;
struct rxe_qp;
struct rxe_pkt_info;
struct rxe_send_wqe;
struct rxe_av;

/**
 * enum eun_psn_verdict - what the responder does with a request packet
 * @EUN_PSN_STOCK: run rxe's own PSN check
 * @EUN_PSN_ACCEPT: process the packet now, in or out of order
 * @EUN_PSN_DUPLICATE: answer it as a duplicate request
 * @EUN_PSN_DROP: drop it silently (already NACKed or not trackable)
 * @EUN_PSN_CONSUMED: the ordering layer handled it whole; only free it
 */
enum eun_psn_verdict {
	EUN_PSN_STOCK,
	EUN_PSN_ACCEPT,
	EUN_PSN_DUPLICATE,
	EUN_PSN_DROP,
	EUN_PSN_CONSUMED,
};

/**
 * enum eun_ack_verdict - what the completer does with an ACK packet
 * @EUN_ACK_STOCK: run rxe's own ACK/NAK handling
 * @EUN_ACK_CONSUMED: the sender agent used the packet up; nothing more
 * @EUN_ACK_RETRY: retransmit from the completer's PSN
 */
enum eun_ack_verdict {
	EUN_ACK_STOCK,
	EUN_ACK_CONSUMED,
	EUN_ACK_RETRY,
};

int eun_module_init(void);
void eun_module_exit(void);

void eun_qp_init(struct rxe_dev *rxe, struct rxe_qp *qp);
void eun_qp_cleanup(struct rxe_qp *qp);
void eun_qp_reset(struct rxe_qp *qp);
void eun_qp_error(struct rxe_qp *qp);

enum eun_psn_verdict eun_resp_check_psn(struct rxe_qp *qp,
					struct rxe_pkt_info *pkt);
enum eun_ack_verdict eun_comp_check_ack(struct rxe_qp *qp,
					struct rxe_pkt_info *pkt,
					struct rxe_send_wqe *wqe);
enum eun_ack_verdict eun_comp_get_ack(struct rxe_qp *qp,
				      struct rxe_pkt_info *pkt);
void eun_req_init_packet(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			 struct rxe_pkt_info *pkt);
void eun_post_send_kick(struct rxe_qp *qp);
u32 eun_req_max_inflight(struct rxe_qp *qp);
bool eun_req_must_wait(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
bool eun_req_owns(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
int eun_req_send(struct rxe_qp *qp, struct rxe_av *av,
		 struct rxe_send_wqe *wqe, struct rxe_pkt_info *pkt,
		 u32 payload);
int eun_req_resend(struct rxe_qp *qp);
bool eun_req_retry(struct rxe_qp *qp);
void eun_rcv_unknown_opcode(struct rxe_dev *rxe, u8 opcode);
void eun_rcv_drop(struct rxe_dev *rxe);

#endif /* EUN_HOOKS_H */
