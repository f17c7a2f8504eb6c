"""history and stats: seat summaries, computer seats, notes and place, ratings

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 10:00:00.000000

"""
import json
from collections import defaultdict

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

SUMMARY = ('total', 'rounds', 'place', 'closed', 'doubled', 'best', 'worst', 'cleared')


def upgrade():
    """Add the columns and tables of the history, then fill them from the games kept."""
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('notes', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('place', sa.String(length=80), nullable=True))
        batch_op.create_index('ix_games_finished_at', ['finished_at'], unique=False)
        batch_op.create_index('ix_games_kind_created', ['kind', 'created_at'], unique=False)

    with op.batch_alter_table('game_seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bot', sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column('total', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('rounds', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('place', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('closed', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('doubled', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('best', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('worst', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('cleared', sa.Integer(), nullable=True))
        batch_op.create_index(
            'ix_game_seats_player_place', ['player_id', 'place', 'game_id', 'total'], unique=False
        )

    op.create_table('ratings',
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('player_id')
    )
    op.create_table('rating_state',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('through_at', sa.DateTime(), nullable=True),
    sa.Column('through_game', sa.String(length=10), nullable=True),
    sa.Column('stale', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('games', sa.Integer(), server_default='0', nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    _backfill(op.get_bind())


def downgrade():
    """Drop what upgrade added (the games, seats and rounds stay)."""
    op.drop_table('rating_state')
    op.drop_table('ratings')
    with op.batch_alter_table('game_seats', schema=None) as batch_op:
        batch_op.drop_index('ix_game_seats_player_place')
        for column in ('bot', *SUMMARY):
            batch_op.drop_column(column)
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index('ix_games_kind_created')
        batch_op.drop_index('ix_games_finished_at')
        batch_op.drop_column('place')
        batch_op.drop_column('notes')


def _backfill(bind):
    """Computer seats from table_states.bots; each seat's summary from its rounds."""
    meta = sa.MetaData()
    games = sa.Table('games', meta, autoload_with=bind)
    seats = sa.Table('game_seats', meta, autoload_with=bind)
    rounds = sa.Table('rounds', meta, autoload_with=bind)
    scores = sa.Table('round_scores', meta, autoload_with=bind)
    states = sa.Table('table_states', meta, autoload_with=bind)

    status = {}
    for game_id, bots, state in bind.execute(
        sa.select(states.c.game_id, states.c.bots, states.c.status)
    ):
        status[game_id] = state
        bots = json.loads(bots) if isinstance(bots, str) else bots
        for seat, bot in enumerate(bots or []):
            if bot is not None:
                bind.execute(
                    seats.update()
                    .where(seats.c.game_id == game_id, seats.c.seat == seat)
                    .values(bot=str(bot)[:20])
                )

    count = defaultdict(int)
    for game_id, _seat in bind.execute(sa.select(seats.c.game_id, seats.c.seat)):
        count[game_id] += 1
    lines = defaultdict(dict)
    for game_id, round_id, closer, doubled, final, grid in bind.execute(
        sa.select(
            rounds.c.game_id, rounds.c.id, rounds.c.closer, rounds.c.doubled,
            scores.c.final, scores.c.grid,
        )
        .join(scores, scores.c.round_id == rounds.c.id)
        .order_by(rounds.c.game_id, rounds.c.number, scores.c.seat)
    ):
        line = lines[game_id].setdefault(round_id, [closer, bool(doubled), [], []])
        line[2].append(final)
        line[3].append(json.loads(grid) if isinstance(grid, str) else grid)

    for game_id, kind, finished in bind.execute(
        sa.select(games.c.id, games.c.kind, games.c.finished)
    ):
        n = count[game_id]
        played = [r for r in lines[game_id].values() if len(r[2]) == n]
        totals = [sum(r[2][s] for r in played) for s in range(n)]
        decided = bool(finished) and status.get(game_id) != 'abandoned' and bool(played)
        for s in range(n):
            finals = [r[2][s] for r in played]
            closed = [r for r in played if r[0] == s]
            cleared = None
            if kind == 'table':
                cleared = sum(_cleared(r[3][s]) for r in played)
            bind.execute(
                seats.update()
                .where(seats.c.game_id == game_id, seats.c.seat == s)
                .values(
                    total=totals[s],
                    rounds=len(played),
                    place=1 + sum(1 for t in totals if t < totals[s]) if decided else None,
                    closed=len(closed),
                    doubled=sum(1 for r in closed if r[1]),
                    best=min(finals) if finals else None,
                    worst=max(finals) if finals else None,
                    cleared=cleared,
                )
            )


def _cleared(grid):
    """Columns of three removed from a final grid (all three cells null)."""
    if not isinstance(grid, list) or len(grid) != 3:
        return 0
    try:
        return sum(1 for column in zip(*grid) if all(c is None for c in column))
    except TypeError:
        return 0
