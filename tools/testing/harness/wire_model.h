/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference model of the out-of-order wire format, written from
 * Documentation/wire-format.rst independently of eun_wire.c: it predicts
 * what eun_ext_parse()/eun_ack_parse() must answer for any byte string.
 */
#ifndef EUN_WIRE_MODEL_H
#define EUN_WIRE_MODEL_H

#include <linux/types.h>

#include "eun/eun_wire.h"

/* Expected return of eun_ext_parse(buf, len). */
int wire_model_ext(const u8 *buf, size_t len);

/* Expected return of eun_ack_parse(buf, len). */
int wire_model_ack(const u8 *buf, size_t len);

/*
 * Parse @buf with the codec, compare with the model and, when accepted,
 * check that packing the result gives back the consumed bytes. Returns 0
 * or -1 with a message in @err (at least 160 bytes).
 */
int wire_check_ext_bytes(const u8 *buf, size_t len, char *err);
int wire_check_ack_bytes(const u8 *buf, size_t len, char *err);

#endif
