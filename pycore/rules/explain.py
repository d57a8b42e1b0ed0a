"""What each rule the engine cites requires, in this app's own words.

A step of a ruling names its rule and states the fact of the setup that the
rule turned on (``{"rule": "B9.2", "text": "The hedge Y9-Z8 hexspine touches
..."}``). :func:`attach` adds ``"explain"``: what that rule asks of the
situation, so a tournament director who doubts a step can settle it on the
spot without the rulebook. These sentences are the app's paraphrases, not
the rulebook's text (which is MMP's and is never shipped).

Every rule number the engine can cite has an entry here;
tests/test_explain.py greps the sources to keep it so.
"""
from __future__ import annotations

from typing import Any

# The rules this app follows (shown in the About panel and on every ruling card).
RULEBOOK = ("ASL Rulebook, 2nd Edition, updated with errata; chapters A6, B9, B19 "
            "and D9.1-D9.5")

EXPLAIN: dict[str, str] = {
    # --- A6: line of sight ------------------------------------------------------
    "A2.4": "Where a hex holds two terrains and neither dominates (2I9: a building among "
            "woods), the effects and movement costs of both apply together: entering such a "
            "hex costs what both cost added up.",
    "A6.1": "A LOS is a straight thread from the centre dot of one hex (or the "
            "point an end is traced to) to the other's. Range is the least number "
            "of hexes from one to the other, counting the target's hex but not the "
            "viewer's. Terrain only on one side of a thread that runs exactly along "
            "a hexside does not block; the same obstacle on both sides does. Only "
            "Inherent Terrain (B.6) counts along its hexside on one side.",
    "A6.2": "An obstacle (woods, a building, a higher hill) blocks a thread that "
            "crosses its hex at or below the obstacle's height. The thread may "
            "always enter the obstacle's own hex: only a hex between the two ends "
            "blocks.",
    "A6.21": "A Half-Level obstacle (a wall or hedge) blocks only a thread between "
             "Locations no higher than it: a viewer or target above it sees over it.",
    "A6.3": "A unit IN a Depression (a gully) is seen only from an adjacent hex at "
            "its rim level, along the Depression, or from high enough above: each "
            "extra hex of range needs one more level of elevation advantage.",
    "A6.4": "Behind an obstacle, a lower Location is a Blind Hex to a higher "
            "viewer. The count of Blind Hexes grows with the obstacle's height and "
            "the range to it, and shrinks with each level of advantage the viewer "
            "has beyond the first; a Location past the last Blind Hex is seen.",
    "A6.7": "Hindrance terrain that the thread crosses between the two ends adds "
            "+1 each to the attack. Hindrances that lie at the same range from the "
            "viewer (from the vertex, when the thread starts at one) count once "
            "between them, and a Hindrance in either end's own "
            "hex does not count (except terrain that hinders at every level).",
    "A6.8": "Two units in the same hex see each other unless floors of a building "
            "lie between them; adjacent hexes of one building are treated as one "
            "building for this.",
    # --- Chapter B terrain --------------------------------------------------------
    "B.1": "A hex's terrain is what the board's artwork shows there, usually what "
           "lies under its centre dot; where players read the art of a real board "
           "otherwise than the app does, the hex or hexside as they corrected it is "
           "what is judged.",
    "B.10": "Hindrances add up along the LOS, and enough of them block it (B.10, LOS "
            "Hindrance blockage): the app takes +6 or more as blocking, as VASL does; "
            "the rule's own threshold could not be read.",
    "B.2": "Terrain Chart: the cost in MF/MP to enter a hex is its terrain's "
           "Cost of Terrain (COT).",
    "B1": "Open Ground neither blocks nor hinders a LOS and gives no TEM.",
    "B2": "Shellholes neither block nor hinder a LOS; they give a small TEM.",
    "B10.4": "Entering a hex at a higher elevation costs more: Infantry pay double "
             "the terrain cost, vehicles pay extra MP per level climbed.",
    "B10.2": "A lower unit sees up a hill only as far as the first Crest Line of "
             "each level; a higher unit sees down only through the Crest Line it "
             "leaves its hex by. A Crest Line in the hex adjacent to a unit, lower "
             "than it, never stops that unit's LOS.",
    "B10.23": "A Crest Line is where the ground drops, not an obstacle with a height "
              "of its own: one level of drop casts no Blind Hex within 4 hexes of the "
              "higher unit, one at 5-9 hexes, two at 10-14; each further level of drop "
              "behind it adds one; elevation advantage over it may take them all away.",
    "B11.21": "A cliff is a sheer drop: behind it the whole drop counts toward Blind "
              "Hexes, and to a viewer not adjacent to it, it always casts at least one, "
              "whatever that viewer's elevation advantage.",
    "B11.31": "Vehicle armament and ordnance cannot fire straight down a cliff into the "
              "hex at its foot; only a LATW other than a PIAT, or a mortar that may fire "
              "at 1 hex, can. Small arms and other support weapons can.",
    "B11.4": "A cliff hexside can be crossed only by Climbing, a move of its own with "
             "its own costs and risks; it is not a plain move into the next hex.",
    "B12": "Brush hinders (+1) a same-level LOS where the thread crosses its "
           "depiction, rather than blocking it; it is not Inherent Terrain (B.6).",
    "B12.3": "Brush gives a unit in it no TEM, but it is not Open Ground: such a unit "
             "is not caught in the open (no FFMO, no Interdiction).",
    "B18.41": "A graveyard costs Infantry 1 MF and cavalry 2 MF; off its roads only "
              "fully-tracked vehicles (half their MP and a Bog check) and motorcycles may "
              "enter it, and horse-drawn units only along a road.",
    "B21.1": "A hex whose centre dot lies on the blue of a river, pond or canal "
             "(not a stream) is a Water Obstacle hex: it stops the normal movement of men "
             "and vehicles. Its water is neither an obstacle nor a Hindrance to a thread "
             "over it; the ground beside it is judged as any ground of its level. The app "
             "takes the water at the level the board draws it (a level below the ground "
             "beside it) and does not model wading, swimming or boats.",
    "B4.2": "A sunken road is a Depression a level below its hex: a unit IN it sees "
            "another Depression hex only along the sunken road, through its hexes and the "
            "hexsides joining them, clear of the contour lines at its sides; LOS is "
            "reciprocal.",
    "B4.4": "Moving along a sunken road costs what a road costs; entering it across "
            "another hexside costs more, and vehicles enter and leave it only across a road "
            "hexside.",
    "B23.71": "A rowhouse's inner wall, the black bar between two of its hexes, blocks "
              "a thread that crosses it or runs along it, from the building's ground up to "
              "its roof, the two hexes it divides included; an end above the roof sees over "
              "it. The rule's text was not found: this is what the app assumes, as VASL's "
              "engine rules it.",
    "B23.1": "A building is the building hexes joined by building hexsides, the "
             "building drawn across the side two hexes share; building hexes that only "
             "touch are separate buildings, with no floors of one between them.",
    "B.6": "Inherent Terrain (an orchard, crags, a graveyard and the like) fills its "
           "whole hex whatever the art shows: it counts for a thread crossing any part "
           "of the hex, and along its hexside even on one side only. Brush, grain and "
           "marsh are not Inherent Terrain: they count where their depiction is.",
    "B13": "Woods are a one-level obstacle: they block a thread crossing them "
           "between the ends at or below their height.",
    "B14": "An orchard hinders (+1) a LOS traced at its own ground level.",
    "B14.2": "An orchard in season (April to October) is a one-level obstacle to a LOS "
             "to or from a higher elevation; out of season it hinders such a LOS (+1), "
             "and from more than one level up only where it is next to the ground-level "
             "end. Between same-level ends it hinders (+1) in any season.",
    "B15": "Grain hinders (+1) a LOS traced at its own ground level, where the "
           "thread crosses its depiction; it is not Inherent Terrain (B.6).",
    "B6.2": "A bridge (not a pontoon bridge) hinders (+1) a LOS traced through its hex, "
            "unless both ends are beneath the bridge or both above it; a bridge is at "
            "the level of the road it joins.",
    "B16": "Marsh hinders (+1) a LOS traced at its own ground level.",
    "B16.2": "A marsh hex hinders (+1) a LOS between same-level ends that crosses it; "
             "it gives no TEM.",
    "B17.2": "A crag hex hinders (+1) a LOS between same-level ends that crosses it, "
             "hexsides included; a unit in it has +1 TEM.",
    "B18.2": "A graveyard hex hinders (+1) a LOS between same-level ends that crosses "
             "it, its hexsides included; a unit in it has +1 TEM.",
    "B19": "A gully is a Depression: level -1 below its surroundings.",
    "B20": "A stream is a gully holding a rivulet: a Depression, a level below the "
           "ground around it, with a gully's IN and crest rules.",
    "B20.2": "A unit IN a stream sees another Depression hex only when it is adjacent "
             "and joined to it by a stream hexside, or when the thread reaches another "
             "stream hex without leaving the stream. So a unit IN a stream and one IN a "
             "gully see each other only when adjacent and joined; LOS is reciprocal.",
    "B20.41": "A dry stream is not a stream at all: it is a gully for every purpose.",
    "B20.42": "Entering a shallow stream (a stream's depth unless an SSR says otherwise) "
              "costs Infantry and Cavalry three MF, through a stream hexside or not.",
    "B20.43": "A deep stream rules as a shallow one for LOS; only entering it differs. "
              "The app does not have that cost and says so.",
    "B20.44": "A flooded stream is no Depression: the app takes it as a Water Obstacle "
              "at its hex's base level (usually level 0), as B20.2 says of its level.",
    "B21": "A pond is a Water Obstacle; by SSR it may be a valley: Open Ground at its "
           "level, with no Water Obstacle.",
    "B21.12": "A river is water hexes flowing off the board's end; by SSR it may be a "
              "valley: Open Ground at its level, with no Water Obstacle.",
    "B19.2": "A gully's hexsides joining another gully hex are Depression hexsides: "
             "a LOS that stays IN the Depression, along those hexsides, is not "
             "blocked by its walls; one that leaves it is judged as A6.3 says. Two "
             "units IN gullies that are not adjacent see each other only if the thread "
             "stays on the gully's art all the way (on an imported board, the art as "
             "drawn in each hex between them).",
    "B19.51": "A gully that steps down a hill: the lower hex is a Hill Depression hex. "
              "From no higher than its rim, a LOS that enters it across the step's "
              "hexside (not at a vertex of it), crossing nothing at rim level in it "
              "first, sees INTO it.",
    "B19.52": "From at or above a Hill Depression hex's rim, A6.3 rules a LOS INTO it, "
              "but a viewer not adjacent to it need not have a level of advantage per hex "
              "of range when its LOS enters across the step's hexside, as B19.51 says.",
    "B19.4": "Entering a gully costs Infantry and vehicles extra, and some vehicles "
             "may not enter at all; climbing out adds the cost of a level. Moving "
             "between two gully hexes that no Depression hexside joins means climbing "
             "over the level between them: 2 MF more for Infantry.",
    "B23": "A building is an obstacle one level high per floor plus a half level "
           "for the roof, and gives its TEM to units inside.",
    # --- B9: walls, hedges, bocage ------------------------------------------------
    "B9.51": "Bocage exists on a board only where a scenario rule says so: it is drawn "
             "as the board's wall or hedge hexsides that the SSR names (here, the "
             "scenario's SSR turned them to bocage).",
    "B12.6": "A scenario (or Deep Snow) may turn brush into Open Ground: it then neither "
             "hinders a LOS nor gives brush's movement cost.",
    "B10.1": "A hill's base level is the level of its ground; a scenario rule may change "
             "the levels of a board, and every hex of the old level is then of the new one.",
    "B9.1": "A wall or hedge runs along a hexside and includes both end vertices "
            "of that hexside: a thread touching such a vertex meets it.",
    "B9.2": "A wall or hedge is a Half-Level obstacle to a LOS between Locations at "
            "its level. It never blocks a LOS into a hex it borders. A wall/hedge "
            "hexspine that the thread runs along blocks, unless the hexspine touches "
            "the viewer's or target's hex; then it blocks only if the vertex at its "
            "far end has walls or hedges on all three of its hexspines.",
    "B9.21": "A unit in an entrenchment cannot see, or be seen, across a wall/hedge "
             "at its own level from a non-adjacent Location at that level or lower; "
             "a viewer at least half a level above the entrenchment may. The "
             "entrenchment's Location is still seen.",
    "B9.3": "A target across a wall from the firer gets +2, across a hedge +1, "
            "if the fire crosses that hexside of the target's hex (or runs along a "
            "hexspine touching it). A moving target crossing a road gap gets none; "
            "PRC and placed DC get no wall TEM.",
    "B9.31": "A unit with Wall Advantage gets no TEM from its own hex, only the "
             "wall/hedge TEM where it applies; the target takes the best TEM it "
             "may choose, and none if no TEM applies.",
    "B9.32": "Only an armed, unbroken unit at its hex's ground level, not in an "
             "entrenchment, pillbox, Column or the like, may claim Wall Advantage, "
             "and only over the wall/hedge hexsides of its own hex (in Bypass, "
             "only over the hexside it straddles and the two that join it).",
    "B9.321": "Two enemy units cannot both hold Wall Advantage over a wall/hedge "
              "hexside they share: the one who has it denies it to the other.",
    "B9.323": "A unit that may claim Wall Advantage and has no better TEM in its "
              "hex (Open Ground) must claim it; with in-hex TEM it may choose.",
    "B9.324": "A concealed unit may claim Wall Advantage; a hidden one never can.",
    "B9.33": "A firer whose height above a wall/hedge exceeds the range to the "
             "target reduces that wall/hedge TEM by one per full level of excess, "
             "to no less than zero.",
    "B9.34": "Indirect Fire lowers a wall/hedge TEM by one, but that TEM applies "
             "whichever hexside the fire comes through; in woods, Air Bursts "
             "apply even with Wall Advantage.",
    "B9.35": "A wall/hedge between two Base Levels lies on the lower one (unless "
             "it is a Hillside wall/hedge) and gives TEM only to a target at that "
             "elevation.",
    "B9.36": "A vehicle fired on by Direct Fire ordnance through a wall is Hull "
             "Down instead of taking the wall's TEM; a hedge never makes a vehicle "
             "Hull Down.",
    "B9.4": "Crossing a wall or hedge adds 1 MF to the Cost of Terrain of the hex "
            "entered; that extra MF is never doubled.",
    "B9.41": "A unit loses its Wall Advantage as soon as it starts to enter a new "
             "Location.",
    "B9.42": "A LOS traced to a vertex (a unit in Bypass, a Snap Shot target) is "
             "affected by a wall or hedge ending at that vertex only if the LOS runs "
             "exactly along it, or the unit is in one of the two hexes it separates "
             "and the LOS reaches the vertex from the other one; then it also gives "
             "its TEM. Otherwise it neither blocks the LOS nor gives TEM.",
    "B9.5": "Bocage gives +2 TEM, like a wall, to a target across it.",
    "B9.52": "Bocage is a one-level obstacle along its hexside and vertices, and "
             "creates Blind Hexes like any obstacle.",
    "B9.521": "A LOS through a bocage hexside reaches only the hex just beyond it, "
              "or a unit that holds Wall Advantage over it; a LOS may never run "
              "along a bocage hexspine.",
    "B9.531": "Elevation never lowers bocage TEM, and a bocage hexspine always "
              "leaves at least one Blind Hex.",
    "B9.54": "Only Infantry and fully-tracked AFVs may cross bocage: Infantry pay "
             "two MF more, an AFV half its MP allowance more, with a Bog check and "
             "Underbelly Hits (not through a road or Breach).",
    "B9.541": "A Breach in bocage (or a road through it) is crossed as if the "
              "bocage were not there.",
    "B9.55": "An Infantry unit that could claim bocage TEM against every Good Order "
             "enemy that sees it counts as out of their LOS and in Concealment "
             "Terrain.",
    "B9.6": "A wall/hedge between two different Base Levels, with no lower terrain "
            "between it and the higher side's terrain, is a Hillside wall/hedge.",
    "B9.62": "A Hillside wall/hedge lies on the higher of its two Base Levels: a "
             "unit below it never benefits from it, a unit at its level does.",
    "B9.7": "A cactus hedge is a hedge that Infantry may cross only by Minimum "
            "Move and vehicles only at extra cost.",
    # --- Chapter D: vehicles ------------------------------------------------------
    "D8.2": "A vehicle entering difficult terrain must check for Bog.",
    "D9.3": "A unit in the same Location as an AFV or wreck gets +1 TEM from it "
            "against fire from outside that Location, only when no other positive "
            "TEM applies.",
    "D9.4": "A vehicle or wreck in a hex between the two ends adds one +1 "
            "Hindrance to a same-level LOS when both ends can see it; not if it "
            "is burning, moved this turn, is Dug-In, or is in Bypass of a hexside "
            "the thread does not touch.",
    "D9.52": "An Armored Cupola set up behind a wall/hedge is taken to hold Wall "
             "Advantage over it, unless it is Abandoned or its crew is stunned; an "
             "Abandoned one has no crew, so it holds and denies nothing.",
    "D9.53": "An Armored Cupola is a small target and is never Hull Down: a wall "
             "gives it the wall's TEM instead.",
    "D9.54": "A Dug-In AFV is Hull Down to all Direct Fire.",
}


def explanation(rule: Any) -> str | None:
    """What ``rule`` requires, in the app's words; None for an unknown number."""
    return EXPLAIN.get(rule) if isinstance(rule, str) else None


def attach(result: dict) -> dict:
    """``result`` with ``"explain"`` added to each of its steps (and WA problems)
    whose rule has an explanation. The step's own ``text`` already says which
    fact of the setup the rule turned on."""
    for key in ("steps", "problems"):
        for step in result.get(key) or ():
            if isinstance(step, dict):
                said = explanation(step.get("rule"))
                if said:
                    step["explain"] = said
    return result
