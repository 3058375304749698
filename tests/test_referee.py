"""Ask the referee: questions in players' words find the rules that settle them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.referee.search import MAX_QUESTION, MAX_RESULTS, Vocabulary, ask, index, stem
from tests.referee_questions import questions, score


def top(game: str, question: str, n: int = 1) -> list[str]:
    return [r.rule.id for r in ask(game, question).results[:n]]


def test_players_words_reach_the_summaries_words() -> None:
    # "footprints" and "runners" are nowhere in the summaries, which say "feet"
    assert top("zombie-dice", "do I have to reroll the footprints", 2)[0] in ("ZD-3", "ZD-4")
    assert top("zombie-dice", "do the runners get rolled again", 3).count("ZD-4") == 1
    # "go first" is the summaries' "starts"
    assert top("zombie-dice", "who goes first?") == ["ZD-1"]
    # a guy carrying two guns is a survivor with two weapons
    assert top("zombified", "can one guy carry two guns?") == ["ZF-11"]


def test_a_ruling_answers_the_question_it_settles() -> None:
    assert top("lonely-dead", "does a heal work on a tie?") == ["LD-R15"]


def test_a_question_about_what_a_rule_names_finds_that_rule() -> None:
    # the question is the rule's title; longer rules that mention infection come after
    assert top("lonely-dead", "how does infection work") == ["LD-33"]
    assert top("moore-zombies", "how does a zombie attack work") == ["MZ-18"]


def test_words_side_by_side_count_more_than_apart() -> None:
    # "shotguns go" is where they go (ZD-4), not the rule that counts them (ZD-5)
    assert top("zombie-dice", "where do shotguns go") == ["ZD-4"]
    assert top("zombies-card-game", "when do I draw cards") == ["ZC-17"]


def test_the_vocabulary_takes_phrases_and_synonyms() -> None:
    vocab = Vocabulary.parse(["= start: go first, kick off\n= feet: footprints\n! santa dice"])
    assert vocab.terms("Who goes first, and who kicks off?") == ["start", "start"]
    assert vocab.terms("FOOTPRINTS") == ["feet"]
    assert vocab.is_outside("how do the Santa dice work")
    assert not vocab.is_outside("how do the dice work")
    assert stem("zombies") == stem("zombie") and stem("rolling") == stem("rolled") == "roll"
    with pytest.raises(ValueError, match="no rule id"):
        Vocabulary.parse(["this line names no rule"])


def test_a_question_the_table_has_no_rule_for_is_not_covered() -> None:
    assert ask("zombie-dice", "can I stop after one roll?").covered
    assert not ask("zombie-dice", "how do the santa dice work").covered
    assert not ask("lonely-dead", "how do the vehicle cards work").covered
    # words no rule uses at all: nothing near enough to call an answer
    assert not ask("moore-zombies", "what colour is the box lid").covered


def test_a_rule_id_in_the_question_comes_first() -> None:
    answer = ask("zombie-dice", "what does ZD-5 say")
    assert answer.covered and answer.results[0].rule.id == "ZD-5"


def test_every_players_word_line_names_a_rule_of_its_game() -> None:
    for game in GAMES:
        ix = index(game)
        unknown = set(ix.vocab.rule_words) - {r.id for r in ix.book.rules}
        assert not unknown, f"{game} vocabulary names rules it does not have: {unknown}"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_tuning_questions_are_answered_as_the_goal_asks(game: str) -> None:
    tuning = [q for q in questions(game) if not q.held_out]
    held_out = [q for q in questions(game) if q.held_out]
    assert len(tuning) + len(held_out) >= 20 and held_out
    assert sum(not q.rules for q in tuning) >= 3, "questions the table does not cover"
    result = score(tuning)
    assert result.top3 >= 0.9 and result.top1 >= 0.7, result.misses
    assert result.covered >= 0.9, result.misses


# -- the API ---------------------------------------------------------------------------------


def test_the_api_answers_a_question_best_first(client: FlaskClient) -> None:
    response = client.get("/api/rules/lonely-dead/search", query_string={"q": "which suit heals"})
    assert response.status_code == 200
    data = response.get_json()
    assert data["covered"] is True
    assert 0 < len(data["results"]) <= MAX_RESULTS
    first = data["results"][0]
    assert set(first) == {"rule", "title", "summary", "setting", "score"}
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)
    by_rule = {r["rule"]: r for r in data["results"]}
    assert "LD-R1" in [r["rule"] for r in data["results"][:3]]
    assert {s["name"] for s in by_rule["LD-R1"]["setting"]} == {
        "item_clubs", "item_diamonds", "item_hearts", "item_spades"
    }  # fmt: skip


def test_the_api_says_when_the_table_has_no_rule(client: FlaskClient) -> None:
    data = client.get("/api/rules/zombie-dice/search?q=what+does+the+hunk+die+do").get_json()
    assert data["covered"] is False


@pytest.mark.parametrize("q", ["", "   ", "x" * (MAX_QUESTION + 1)])
def test_an_empty_or_long_question_is_a_clear_400(client: FlaskClient, q: str) -> None:
    response = client.get("/api/rules/zombie-dice/search", query_string={"q": q})
    assert response.status_code == 400
    assert response.get_json()["error"].startswith("Ask")


def test_a_question_of_exactly_the_limit_is_answered(client: FlaskClient) -> None:
    q = ("who goes first " * 20)[:MAX_QUESTION]
    assert client.get("/api/rules/zombie-dice/search", query_string={"q": q}).status_code == 200


def test_an_unknown_game_is_a_404(client: FlaskClient) -> None:
    response = client.get("/api/rules/chess/search?q=who+goes+first")
    assert response.status_code == 404
    assert "chess" in response.get_json()["error"]


#: The rule that answers each game's example question, shown in the empty question box.
EXAMPLE_ANSWERS = {
    "zombie-dice": "ZD-6",
    "lonely-dead": "LD-42",
    "zombies-card-game": "ZC-T4",
    "moore-zombies": "MZ-11",
    "zombified": "ZF-11",
}


def test_each_games_example_question_is_answered_by_the_rule_it_asks_about() -> None:
    script = (Path(__file__).parents[1] / "companion" / "static" / "referee.js").read_text("utf-8")
    block = script[script.index("askExamples: {") : script.index("},", script.index("askExamples"))]
    examples = dict(re.findall(r'"([a-z-]+)": "([^"]+)"', block))
    assert examples.keys() == GAMES.keys()
    for game, question in examples.items():
        assert ask(game, question).results[0].rule.id == EXAMPLE_ANSWERS[game], question
