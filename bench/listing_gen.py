"""A synthetic paper listing shaped like schedules/mlsys2023-papers.txt.

Deterministic for a given seed: titles with an acronym and a subtitle, author lists
of 1 to 18 people drawn from a pool with accents and the odd case artefacts real
listings have (`colby banbury`, `JINOOK SONG`), and abstracts of 90 to 200 words
built from sentence templates.  Used by bench_listing.py, bench_search.py and the
parser tests (which check that every generated entry comes back intact).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()

FIRST = (
    "Hyoukjun Krishnakumar Jamin Jason Debabrata Dongyuan Jinook Peter Peizhao Colby Mark "
    "Liangzhen Ashish Tushar Harshit Vikas Vijay Ewen Boyi Mosharaf Ajay Franco Zining "
    "Bingsheng Zhenjie Joel Daochen Louis Liang Bhargav Zirui Yusuo Jade Yuzhen Yuandong "
    "Arun Xia Qinbin Yanzheng Ching Tianyuan Daniel Fanny Gennady Kevin Pratiksha Mikhail "
    "John Ameet Virginia Tianhang Hao Baochun Chaoran Edward Harshul Aviral James Yanqi Bob "
    "Carlee Jiacheng Haohui Lei Wanlu Yanfan Xinyuan Jie Jingling Borui Juntao Chuan Pritam "
    "Shen Alban Alisson Brian Gregory Hongyi Howard Joseph Luca Lucas Manoj Omkar Pavel "
    "Rohan Satendra Wanchao Soumith Hugo Patricia Beibin Luke Marco Abhisek Eli Matheus "
    "Zuzu Larissa David Thomas Ishai Changho Trevor Deepak Cliff Matei Ioannis Zhen Javier "
    "Etienne Cedric Guoliang Sean Eiko Sangkug Lawrence Michael Mohammad Bryan Carole-Jean "
    "Samuel Alicia Bilge Newsha Zachary Gu-Yeon Sid Ashkan Schalk-Willem Ilya Haiyang "
    "Hsien-Hsin Geet Christos Mateus Sarita Girish Sasa Nathan Horace Shangdi Chunxing "
    "Zoë Adrián Sébastien Ümit Łukasz Jürgen Renée Søren Mónica François Ana Inês".split()
)
LAST = (
    "Kwon Nair Seo Yik Mohapatra Zhan Song Capak Zhang Vajda Banbury Mazumder Lai Sirasao "
    "Krishna Khaitan Chandra Reddi Wang Chen Chowdhury Kannan He Lamy-Poirier Zha Feng Luo "
    "Bhushanam Liu Hu Nie Huang Tian Kejariwal Li Cai Yung Fu Snider Chevalier Pekhimenko "
    "Kuo Thaker Khodak Nguyen Jiang Talwalkar Smith Zheng Lan Andert Singh Shrivastava "
    "Laudon Zhou Iannucci Joe-Wong Zhao Mai Cao Shi Xue Cui Wan Damania Desmaison Azzolini "
    "Vaughan Yang Chanan Jia Spisak Wehrstedt Hosseini Krishnan Salpekar Belevich Varma "
    "Gera Xu Chintala Barbalho Kovaleski Marshall Molinaro Pan Cortez Leao Patwari Tang "
    "Gonçalves Dion Moscibroda Menache Hwang Xiong Gale Narayanan Young Zaharia Lamprou "
    "Juan Filhol Bastoul Parker Yoneki Korthikanti Casper Lym McAfee Andersch Shoeybi "
    "Catanzaro Wu Hsia Golden Acun Ardalani DeVito Wei Brooks Yousefpour Krüger Rabbat "
    "Mironov Sethi Kozyrakis Yin Gasparino Adve Chowdhary Misailovic Müller Ødegaard "
    "Fernández Lefèvre Dvořák Sánchez Nuñez".split()
)
ACRONYM_PARTS = (
    "Flex Mega Hyper Tiny Fed Graph Sparse Quant Pipe Shard Rec Turbo Deep Fast Lite "
    "Edge Mesh Tensor Kernel Flash Stream Cache Auto Neuro Dyna Sim Opti".split()
)
ACRONYM_TAILS = "Net Flow Rec Gen Sched Tune Pipe Store Blocks Bench Serve Opt ML X".split()
ADJECTIVES = (
    "Efficient Scalable Adaptive Practical Robust Fast Heterogeneity-Aware Memory-Efficient "
    "Communication-Efficient Fault-Tolerant Automatic Learned Distributed Energy-Aware "
    "Hardware-Software Co-Designed Elastic Secure Private Low-Latency".split()
)
NOUNS = (
    "Training Inference Serving Compilation Scheduling Sharding Quantization Pruning "
    "Checkpointing Profiling Placement Partitioning Caching Compression Autotuning "
    "Federated Learning Recommendation Fine-Tuning Pipelining".split()
)
OBJECTS = (
    "Large Language Models|Mixture-of-Experts Models|Graph Neural Networks|Vision "
    "Transformers|Recommendation Models|Embedding Tables|Sparse Tensors|Edge Devices|"
    "Microcontrollers|GPU Clusters|Heterogeneous Accelerators|Datacenter-Scale Systems|"
    "Diffusion Models|Speech Recognition|Federated Networks|Dynamic Neural Networks"
).split("|")
SUBJECTS = (
    "sparsity|mixed-precision arithmetic|operator fusion|pipeline parallelism|tensor "
    "parallelism|gradient compression|activation recomputation|embedding sharding|kernel "
    "autotuning|memory planning|data loading|straggler mitigation|model compression|"
    "hyperparameter tuning|collective communication|on-device learning|carbon footprint"
).split("|")
SENTENCES = (
    "{obj} are increasingly deployed in production, yet {subj} remains poorly supported "
    "by existing frameworks.",
    "In this paper, we present {acr}, a system for {noun_l} of {obj_l} that exploits {subj}.",
    "Existing approaches to {subj} either sacrifice accuracy or require extensive manual "
    "tuning by experts.",
    "{acr} combines a cost model with a search procedure to choose good configurations "
    "automatically.",
    "We implement {acr} on top of PyTorch and evaluate it on {n} representative workloads.",
    "Our evaluation shows that {acr} achieves up to {x}x speedup over the state of the art "
    "while reducing memory usage by {p}%.",
    "The key insight is that {subj} and {subj2} interact in ways that prior work ignores.",
    "We further characterise the trade-offs between throughput, latency and energy on "
    "commodity hardware.",
    "Compared to strong baselines, {acr} reduces end-to-end training time by {p}% on a "
    "cluster of {n} GPUs.",
    "To facilitate future research, we open-source our code and benchmarks.",
    "This makes {noun_l} of {obj_l} practical on devices with limited memory.",
    "We also show that {subj} can be combined with {subj2} without loss of accuracy.",
)


@dataclass(frozen=True)
class Entry:
    number: int
    title: str
    authors: list[str]
    abstract: str


def _acronym(rng: random.Random) -> str:
    acr = rng.choice(ACRONYM_PARTS) + rng.choice(ACRONYM_TAILS)
    return acr.upper() if rng.random() < 0.2 else acr


def _title(rng: random.Random, acr: str) -> str:
    obj = rng.choice(OBJECTS)
    shape = rng.random()
    if shape < 0.6:
        return f"{acr}: {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} for {obj}"
    if shape < 0.85:
        subject = rng.choice(SUBJECTS).title()
        return f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} of {obj} with {subject}"
    return f"On the {rng.choice(NOUNS)} of {obj}"


def people(n_entries: int, rng: random.Random) -> list[str]:
    """The pool of authors: about 2.4 author slots per person, as in real listings.

    Names combine a first name, sometimes a middle initial, and a last name, so most
    people are distinct while prolific ones (drawn often, see `_name`) recur.
    """
    size = max(200, int(n_entries * 2.4))
    seen: set[str] = set()
    pool: list[str] = []
    while len(pool) < size:
        middle = f" {chr(65 + rng.randrange(26))}." if rng.random() < 0.7 else ""
        name = f"{rng.choice(FIRST)}{middle} {rng.choice(LAST)}"
        if name not in seen:
            seen.add(name)
            pool.append(name)
    return pool


def _name(rng: random.Random, pool: list[str]) -> str:
    # Skewed towards the start of the pool: a few people write many papers.
    name = pool[int(len(pool) * rng.random() ** 2)]
    odd = rng.random()
    if odd < 0.01:
        return name.lower()
    if odd < 0.02:
        return name.upper()
    return name


def _authors(rng: random.Random, pool: list[str]) -> list[str]:
    n = min(18, max(1, int(rng.expovariate(1 / 5)) + 1))
    names: list[str] = []
    while len(names) < n:
        candidate = _name(rng, pool)
        if candidate.casefold() not in (x.casefold() for x in names):
            names.append(candidate)
    return names


def _abstract(rng: random.Random, acr: str) -> str:
    words = rng.randint(90, 200)
    out: list[str] = []
    count = 0
    while count < words:
        s = rng.choice(SENTENCES).format(
            acr=acr, obj=rng.choice(OBJECTS), obj_l=rng.choice(OBJECTS).lower(),
            subj=rng.choice(SUBJECTS), subj2=rng.choice(SUBJECTS),
            noun_l=rng.choice(NOUNS).lower(), n=rng.randint(3, 512),
            x=round(rng.uniform(1.1, 40), 1), p=rng.randint(5, 90),
        )
        out.append(s[0].upper() + s[1:])
        count += s.count(" ") + 1
    return " ".join(out)


def entries(n: int, seed: int = 2023) -> list[Entry]:
    rng = random.Random(seed)
    pool = people(n, rng)
    out = []
    for i in range(1, n + 1):
        acr = _acronym(rng)
        out.append(Entry(i, _title(rng, acr), _authors(rng, pool), _abstract(rng, acr)))
    return out


def _markers(rng: random.Random) -> str:
    pdf = rng.choice(["", "", str(rng.randint(1, 9))])
    kimi = rng.choice(["", str(rng.randint(1, 9))])
    return f"[PDF{pdf}] [Copy] [Kimi{kimi}] [REL]"


def render(items: list[Entry], conference: str = "SYNTHSYS", year: int = 2024,
           total: int | None = None, seed: int = 2023) -> str:
    """The listing text, exactly as the paper-listing site lays it out."""
    rng = random.Random(seed + 1)
    announced = total if total is not None else len(items)
    parts = [f"{conference}.{year}", "", f"| Total: {announced}", ""]
    for e in items:
        label = "Author" if len(e.authors) == 1 else "Authors"
        parts += [
            f"#{e.number} {e.title} {_markers(rng)}", "",
            f"{label}: {', '.join(e.authors)}", "",
            e.abstract, "", "",
        ]
    return "\n".join(parts).rstrip("\n") + "\n"


def listing(n: int, seed: int = 2023) -> str:
    return render(entries(n, seed), seed=seed)


def render_abstracts(items: list[Entry]) -> str:
    """The same papers as a bare abstract list (schedules/abstract-list.txt)."""
    return "\n".join(f"Abstract:{e.abstract}" for e in items) + "\n"


def render_author_page(items: list[Entry], owner: str = "Carole-Jean Wu",
                       seed: int = 2023) -> str:
    """The same papers as one person's author page (schedules/carole-jean-wu-papers.txt):
    title, publication date, authors (the owner among them), a figure caption, the
    abstract, now and then a `* N pages` comment, and the arXiv icon."""
    rng = random.Random(seed + 2)
    parts = ["Alert button", f"Picture for {owner}", "", owner, "", "Alert button", ""]
    for e in items:
        when = f"{MONTHS[rng.randrange(12)]} {rng.randint(1, 28)}, {rng.randint(2015, 2024)}"
        authors = [a for a in e.authors if a != owner][:17]
        authors.insert(rng.randint(0, len(authors)), owner)
        parts += [e.title, "", when, ", ".join(authors), ""]
        if rng.random() < 0.3:
            parts += [f"Figure 1 for {e.title[:60]}", ""]
        parts += [e.abstract, ""]
        if rng.random() < 0.2:
            parts += [f"* {rng.randint(4, 30)} pages, {rng.randint(1, 12)} figures", ""]
        parts += ["Viaarxiv icon", ""]
    return "\n".join(parts)


if __name__ == "__main__":
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    sys.stdout.write(listing(count))
