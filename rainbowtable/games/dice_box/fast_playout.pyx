# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The Dice Box playout compiled: the twin of `ai._playout`, line for line, on C arrays.

It draws the same numbers from the same `random.Random` in the same order and does the same float sums in
the same order, so it returns the same tallies and placements as the Python playout (tests/
test_dice_box_fast_playout.py checks it position by position): a game, a replay or a test plays out the
same with or without it. It is several times quicker, which is most of Hard's time: where it is built
(`setup.py`; it needs a C compiler) Hard searches about twice as many positions in its quarter second.
Where it is not, `ai.py` uses the Python playout.

Sizes: 25 cells, at most 4 seats and 4 scored colours, at most 24 dice in a hand.
"""

cdef int NB[25][4]
cdef int NBN[25]
cdef int FIT[7]
cdef int UNTOUCHED = -1
cdef double OD[4][4][7]
cdef object _odds_read = None
# `OD[seat][colour][value]`: the odds table `_odds_read` as doubles. Every playout of a game passes the same
# table (`ai._deal`'s), so it is read once, not at every playout; the reference keeps it from being freed
# and its address reused. A playout never releases the GIL, so no other thread sees OD half written.

def configure(neighbours, fit_mask):
    """Take the board's neighbours and the values each value fits (rules.NEIGHBOURS, rules.FIT_MASK)."""
    cdef int i, k
    for i in range(25):
        NBN[i] = len(neighbours[i])
        for k in range(NBN[i]):
            NB[i][k] = neighbours[i][k]
    for i in range(7):
        FIT[i] = fit_mask[i]

cdef inline void _remove(int* arr, int* count, int cell) noexcept:
    cdef int k = 0, n = count[0]
    while arr[k] != cell:
        k += 1
    while k < n - 1:
        arr[k] = arr[k + 1]
        k += 1
    count[0] = n - 1

def playout(list values, hands, list tally, int current, rnd, odds, played, classes, dict colour_index, int max_turns):
    """`ai._playout(values, hands, tally, current, rnd, odds, played, classes)`, with its colour index and
    turn cap passed in. Mutates `values` and `tally` as it does, and returns `tally`."""
    cdef int n = len(hands)
    cdef int vals[25]
    cdef int masks[25]
    cdef int taking[7][25]
    cdef int tcount[7]
    cdef int held[4][7][24]
    cdef int hcount[4][7]
    cdef double weight[4][7]
    cdef int left[4]
    cdef int cls[4]
    cdef long long tal[4]
    cdef int i, j, v, k, seat, mask, old, fit, value, cell, colour, die, last, open_cells = 0, dice_left = 0, turn
    cdef int touching, c, ncol
    # `held[seat][v]`: the colours of the dice showing v, in hand order (a list's pop and append, kept by
    # shifting); `taking[v]`: the open cells taking v, in the Python playout's order, which its draws index.
    cdef double pairs[7]
    cdef double total, spot, odd, r
    cdef int rcolours[24]
    cdef int rn
    rand = rnd.random
    record = played is not None
    ncol = len(tally)
    for i in range(ncol):
        tal[i] = tally[i]
        cls[i] = classes[i] if record else 0
    for i in range(25):
        vals[i] = values[i]
    for v in range(7):
        tcount[v] = 0
    for i in range(25):
        masks[i] = UNTOUCHED
        if not vals[i]:
            mask = 126
            touching = 0
            for k in range(NBN[i]):
                j = NB[i][k]
                if vals[j]:
                    touching = 1
                    mask &= FIT[vals[j]]
            if not touching:
                mask = UNTOUCHED
            masks[i] = mask
            if mask > 0:
                open_cells += 1
                for v in range(1, 7):
                    if mask >> v & 1:
                        taking[v][tcount[v]] = i
                        tcount[v] += 1
    global _odds_read
    if odds is not _odds_read:
        for seat in range(n):
            so = odds[seat]
            for c in range(ncol):
                row = so[c]
                for v in range(7):
                    OD[seat][c][v] = row[v]
        _odds_read = odds
    for seat in range(n):
        for v in range(7):
            hcount[seat][v] = 0
            weight[seat][v] = 0.0
        hand = hands[seat]
        left[seat] = len(hand)
        dice_left += left[seat]
        for d in hand:
            colour = colour_index[d.colour]
            value = d.value
            held[seat][value][hcount[seat][value]] = colour
            hcount[seat][value] += 1
            weight[seat][value] += OD[seat][colour][value]
    for turn in range(max_turns):
        if not open_cells or not dice_left:
            break
        if left[current]:
            pairs[0] = 0.0
            for v in range(1, 7):
                pairs[v] = weight[current][v] * tcount[v]
            total = pairs[1] + pairs[2] + pairs[3] + pairs[4] + pairs[5] + pairs[6]
            if total <= 0.0:
                rn = 0
                for v in range(1, 7):
                    for k in range(hcount[current][v]):
                        rcolours[rn] = held[current][v][k]
                        rn += 1
                    hcount[current][v] = 0
                for v in range(7):
                    weight[current][v] = 0.0
                for k in range(rn):
                    c = rcolours[k]
                    r = rand()
                    value = <int>(r * 6) + 1
                    held[current][value][hcount[current][value]] = c
                    hcount[current][value] += 1
                    weight[current][value] += OD[current][c][value]
            else:
                r = rand()
                spot = r * total
                value = 1
                while value < 6 and spot >= pairs[value]:
                    spot -= pairs[value]
                    value += 1
                while not tcount[value] or not hcount[current][value]:
                    value -= 1
                r = rand()
                spot = r * weight[current][value]
                die = 0
                last = hcount[current][value] - 1
                while die < last:
                    odd = OD[current][held[current][value][die]][value]
                    if spot >= odd:
                        spot -= odd
                        die += 1
                    else:
                        break
                colour = held[current][value][die]
                for k in range(die, last):
                    held[current][value][k] = held[current][value][k + 1]
                hcount[current][value] = last
                if last:
                    weight[current][value] = weight[current][value] - OD[current][colour][value]
                else:
                    weight[current][value] = 0.0
                r = rand()
                cell = taking[value][<int>(r * tcount[value])]
                left[current] -= 1
                dice_left -= 1
                vals[cell] = value
                mask = masks[cell]
                for v in range(1, 7):
                    if mask >> v & 1:
                        _remove(taking[v], &tcount[v], cell)
                open_cells -= 1
                fit = FIT[value]
                for k in range(NBN[cell]):
                    j = NB[cell][k]
                    if vals[j]:
                        continue
                    old = masks[j]
                    if old > 0:
                        mask = old & fit
                        if mask == old:
                            continue
                        for v in range(1, 7):
                            if (old ^ mask) >> v & 1:
                                _remove(taking[v], &tcount[v], j)
                        if not mask:
                            open_cells -= 1
                    elif old < 0:
                        mask = fit
                        for v in range(1, 7):
                            if mask >> v & 1:
                                taking[v][tcount[v]] = j
                                tcount[v] += 1
                        open_cells += 1
                    else:
                        continue
                    masks[j] = mask
                tal[colour] += value
                if record:
                    played.append((current, cls[colour] << 8 | value << 5 | cell))
        current = (current + 1) % n
    for i in range(ncol):
        tally[i] = tal[i]
    for i in range(25):
        values[i] = vals[i]
    return tally
