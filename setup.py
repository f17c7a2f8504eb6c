"""The one thing pyproject.toml cannot say yet without an experimental table: the C
rollouts of `expert`'s search (skyjo_pad/bots/_rollout.c, docs/bots.md), built by every
install with the compiler and Python headers the machine has."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "skyjo_pad.bots._rollout",
            sources=["skyjo_pad/bots/_rollout.c"],
            extra_compile_args=["-O3", "-fwrapv"],
        )
    ]
)
