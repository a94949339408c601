"""The native half of punto_banco (a Rust extension module). Use the functions of
``punto_banco`` itself: these take and give JSON text and raw bytes."""

from typing import Dict, Iterator, List, Optional, Union

COMMANDS: List[str]

class InputError(ValueError):
    """Input the reference cannot read: the message says what, where and what is accepted."""

def call(
    command: str,
    options: str,
    rules_name: Optional[str] = None,
    rules_text: Optional[str] = None,
    input_path: Optional[str] = None,
    input_text: Optional[str] = None,
) -> str: ...
def analyze_batch(
    counts: bytes,
    width: int,
    rules_name: Optional[str] = None,
    rules_text: Optional[str] = None,
    threads: int = 0,
    edges: bool = True,
) -> Dict[str, Union[bytes, List[int]]]: ...

class Vectors(Iterator[str]):
    def __iter__(self) -> "Vectors": ...
    def __next__(self) -> str: ...
    def __len__(self) -> int: ...

def vectors(
    options: str,
    rules_name: Optional[str] = None,
    rules_text: Optional[str] = None,
) -> Vectors: ...
