"""Synthetic conference-site schedules in the shape of schedules/mlsys2021-program.txt.

    python bench/synth.py --talks 10000 -o /tmp/synth.txt     # writes synth.txt + synth.toml
    python bench/synth.py --talks 200 --tracks 2 > small.txt

Days of parallel sessions (`Oral: Track 7 Session 3: Topic Wed 7 Apr 09:30 a.m.`), each
with 4-6 talks of title line, author line and a one- or two-paragraph abstract; plus the
seed's quirks: navigation lines, invited talks without a time, speaker lines joined by
`·`, untitled talks and abstracts cut off with `…`.  Deterministic for a given seed.
"""

from __future__ import annotations

import argparse
import random
import sys
from datetime import date, timedelta
from pathlib import Path

FIRST = (
    "Ana Bilge Chen Dmitri Elif Fatima Giulio Hongyi Ines Jamal Kiran Li Mosharaf Nadeen "
    "Olli Priya Qinbin Rocky Saeed Tianqi Urmish Vijay Wanchao Xing Yuki Zain Amber Colby "
    "Emma Jian Karima Lucas Meghna Pete Ramon Sachin Todd Yong José Zoë Søren Łukasz"
).split()
LAST = (
    "Acun Banbury Chowdhury Dryden Ekanayake Fedorov Gebara Hoefler Ivanov Janapa Kumar "
    "Li Maas Noraset Ozturk Papailiopoulos Qi Rhodes Stoica Thakker Ullah Vajda Wang Xu "
    "Yin Zhang Gonçalves Krüger Müller Nakamura O'Brien De Sa Lamy-Poirier"
).split()
TOPICS = (
    "Compilers|Sparsity|Federated Learning|Systems for LLMs|Edge Devices|Scheduling|"
    "Distributed Training|Data Pipelines|Inference Serving|Hardware Accelerators|"
    "Quantization|Graph Neural Networks|Storage|Networking|Benchmarks|Privacy"
).split("|")
TITLE_A = (
    "Efficient|Scalable|Adaptive|Communication-efficient|Sparse|Robust|Fast|Elastic|"
    "Memory-aware|Energy-efficient|Learned|Automatic|Hierarchical|Asynchronous"
).split("|")
TITLE_B = (
    "Pipeline Parallelism|Embedding Tables|Kernel Fusion|Gradient Compression|"
    "Mixture-of-Experts Inference|Checkpointing|Hyperparameter Tuning|Model Serving|"
    "Tensor Programs|Recommendation Models|Vision Transformers|Graph Sampling|"
    "Federated Aggregation|Cache Admission|Activation Recomputation"
).split("|")
TITLE_C = (
    "at Scale|on Commodity GPUs|for TinyML|Across Edge Devices|in the Datacenter|"
    "with Learned Cost Models|Without Accuracy Loss|for Heterogeneous Clusters"
).split("|")
WORDS = (
    "model training inference memory latency throughput accelerator compiler kernel "
    "distributed gradient sparsity quantization pipeline scheduling cluster workload "
    "embedding transformer network bandwidth storage cache energy hardware framework "
    "we propose present show evaluate achieve improve reduce across existing novel system "
    "approach results performance efficiency baseline speedup accuracy production"
).split()
MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
SLOT_TIMES = ("08:00 a.m.", "09:45 a.m.", "11:30 a.m.", "01:30 p.m.", "03:15 p.m.", "05:00 p.m.")


def _name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _title(rng: random.Random, n: int) -> str:
    short = "".join(rng.choice("ABCDEFGHKLMPRSTXZ") for _ in range(rng.randint(3, 7)))
    body = f"{rng.choice(TITLE_A)} {rng.choice(TITLE_B)} {rng.choice(TITLE_C)}"
    return f"{short}{n}: {body}"


def _abstract(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(60, 140))]
    sentences, at = [], 0
    while at < len(words):
        k = rng.randint(8, 20)
        chunk = words[at : at + k]
        sentences.append(" ".join(chunk).capitalize() + ".")
        at += k
    return " ".join(sentences)


def generate(talks: int = 10_000, days: int = 5, tracks: int | None = None, seed: int = 1,
             start: date = date(2021, 4, 5)) -> str:
    rng = random.Random(seed)
    per_session = 5
    sessions_needed = max(1, -(-talks // per_session))
    if tracks is None:
        tracks = max(1, -(-sessions_needed // (days * len(SLOT_TIMES))))
    out: list[str] = ["Schedule Mon Tue Wed Thu Fri", ""]
    made = 0
    n = 0
    for d in range(days):
        day = start + timedelta(days=d)
        stamp = f"{day:%a} {day.day} {MONTHS[day.month - 1]}"
        out += [f"Opening Remarks {stamp} 07:30 a.m.", "",
                " · ".join(_name(rng) for _ in range(3)), ""]
        out += [f"Invited Talk: {_name(rng)}", "", _title(rng, 0), "", _abstract(rng), ""]
        for slot in SLOT_TIMES:
            for t in range(tracks):
                if made >= talks:
                    break
                topic = rng.choice(TOPICS)
                out += [f"Oral: Track {t + 1} Session {d + 1}: {topic} {stamp} {slot}", ""]
                for _ in range(min(rng.randint(4, 6), talks - made)):
                    n += 1
                    made += 1
                    authors = ", ".join(_name(rng) for _ in range(rng.randint(1, 8)))
                    abstract = _abstract(rng)
                    if rng.random() < 0.05:
                        abstract = abstract[: rng.randint(40, len(abstract) - 1)] + "…"
                    if rng.random() < 0.01:
                        out += [authors, "", abstract, ""]  # an untitled talk
                        continue
                    out += [_title(rng, n), authors, "", abstract, ""]
                    if rng.random() < 0.2:
                        out += [_abstract(rng), ""]
    return "\n".join(out)


METADATA = """conference = "SynthConf"
year = 2021
timezone = "America/Los_Angeles"
talk_minutes = 20
format = "site"
"""


def write(path: Path, text: str) -> Path:
    """Write a generated schedule to `path` with its metadata (.toml) beside it."""
    path.write_text(text, encoding="utf-8")
    path.with_suffix(".toml").write_text(METADATA, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talks", type=int, default=10_000)
    ap.add_argument("--days", type=int, default=5)
    ap.add_argument("--tracks", type=int, default=None, help="parallel sessions per slot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", help="write here (and a .toml beside it) instead of stdout")
    a = ap.parse_args(argv)
    text = generate(a.talks, a.days, a.tracks, a.seed)
    if a.output:
        write(Path(a.output), text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
