/* SPDX-License-Identifier: GPL-2.0 */
/* Random check of the word-wide bit operations against bit loops. */
#ifndef EUN_WORDOPS_H
#define EUN_WORDOPS_H

#include "rng.h"

int wordops_check(struct rng *r, u32 rounds);

#endif
