import numpy as np

from mimesis_model.formats.categorical import Categorical


def test_codes_follow_sorted_names() -> None:
    column = Categorical.from_first_seen([0, 1, 0, 2], {"open": 0, "create": 1, "delete": 2})

    assert column.names == ("create", "delete", "open")
    assert column.codes.tolist() == [2, 0, 2, 1]
    assert column.values() == ["open", "create", "open", "delete"]
    assert column.counts() == {"create": 1, "delete": 1, "open": 2}
    assert column.code("open") == 2
    assert len(column) == 4


def test_empty_column() -> None:
    column = Categorical.from_first_seen(np.zeros(0, np.int32), {})

    assert column.names == ()
    assert column.codes.dtype == np.int32
    assert column.counts() == {}
    assert len(column) == 0
