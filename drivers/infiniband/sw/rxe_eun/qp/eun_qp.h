/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Life of a tracking QP's ordering state (eun_qp.c). The hooks of
 * eun_hooks.c call these for tracking QPs only.
 */
#ifndef EUN_QP_H
#define EUN_QP_H

struct rxe_dev;
struct rxe_qp;

int eun_qp_setup(struct rxe_dev *rxe, struct rxe_qp *qp);
void eun_qp_forget(struct rxe_qp *qp);
void eun_qp_release(struct rxe_qp *qp);
void eun_qp_teardown(struct rxe_qp *qp);

#endif /* EUN_QP_H */
