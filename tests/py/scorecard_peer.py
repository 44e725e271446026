"""Independent peer for the registered-predictions scorecards of spec section 8.4.

usage: scorecard_peer.py gen <file> <seed>      writes a random registered-predictions file
       scorecard_peer.py card <file> [date...]  prints the scorecards as JSON (one list)

The rules, from the spec's own words: every prediction appears on every scorecard as true, not
true, not yet due or unresolved; one past its date without a verdict is unresolved and never a
success; the scorecard reports the Brier score on the resolved predictions, the resolved share,
the worst-case bound (each unresolved past-due prediction adds max(p^2, (1-p)^2), all past-due
predictions in the denominator) and the Brier skill score against a flat 0.5.
"""
import json
import random
import sys

CHECK_DATES = ["2026-11-30", "2026-12-31", "2027-04-30"]


def gen(path, seed):
    rnd = random.Random(seed)
    preds = []
    for i in range(1, 31):
        verdict = rnd.choice(["true", "not_true", None, None])
        p = rnd.choice([round(rnd.random(), 2), rnd.random(), 0.5, 0, 1])
        item = {"id": f"F{i}", "p": p, "check_date": rnd.choice(CHECK_DATES), "verdict": verdict}
        if verdict is not None:
            item["cites"] = f"script F{i}.py"
        preds.append(item)
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"registration": "10.17605/OSF.IO/9Q86N", "predictions": preds}, f)


def card(path, dates):
    preds = json.load(open(path, encoding="utf-8"))["predictions"]
    dates = sorted(set(dates or [p["check_date"] for p in preds]))
    out = []
    for as_of in dates:
        rows, resolved, past_due, s_res, s_worst = [], 0, 0, 0.0, 0.0
        for p in preds:
            prob = float(p["p"])
            # ISO dates compare as strings.
            if p["check_date"] > as_of:
                state = "not_due"
            elif p.get("verdict") is None:
                state = "unresolved"
                past_due += 1
                s_worst += max(prob * prob, (1 - prob) * (1 - prob))
            else:
                state = p["verdict"]
                o = 1.0 if state == "true" else 0.0
                b = (prob - o) * (prob - o)
                resolved += 1
                past_due += 1
                s_res += b
                s_worst += b
            rows.append({"id": p["id"], "p": prob, "check_date": p["check_date"], "state": state})
        brier = s_res / resolved if resolved else None
        out.append({
            "as_of": as_of,
            "resolved": resolved,
            "past_due": past_due,
            "brier_resolved": brier,
            "resolved_share": resolved / past_due if past_due else None,
            "worst_case": s_worst / past_due if past_due else None,
            "bss_vs_half": None if brier is None else 1 - brier / 0.25,
            "rows": rows,
        })
    print(json.dumps(out))


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2], int(sys.argv[3]))
    else:
        card(sys.argv[2], sys.argv[3:])
