"""What every record codec is: a name, the standard format it writes (None for
a Python-only format), the distribution whose version `hello` reports, and an
encode/decode pair per dataset."""

import importlib.metadata
import platform


class Codec:
    """`encode[dataset](records) -> bytes`, `decode[dataset](bytes) -> records`
    (timed work); `foreign[dataset](bytes) -> records` decodes bytes another
    language wrote, with any stricter checks the library allows (untimed;
    defaults to `decode`). `foreign=False` refuses foreign bytes."""

    def __init__(self, name, fmt, dist, summary, encode, decode, foreign=None):
        self.id = f"record-python/{name}"
        self.format = fmt
        self.dist = dist
        self.summary = summary
        self.encode = encode
        self.decode = decode
        self.foreign = decode if foreign is None else foreign

    def library(self):
        if self.dist is None:  # the standard library
            return f"{platform.python_implementation()} {platform.python_version()} stdlib"
        if self.dist.startswith("stdlib:"):  # a standard module with its own version
            _, module, version = self.dist.split(":")
            return f"{module} {version} ({platform.python_implementation()} {platform.python_version()} stdlib)"
        return f"{self.dist} {importlib.metadata.version(self.dist)}"

    def hello(self):
        return {"id": self.id, "format": self.format, "library": self.library(), "summary": self.summary}


def per_dataset(logs, telemetry, orders):
    return {"logs": logs, "telemetry": telemetry, "orders": orders}
