"""online tables and chosen deals marked as such; replay snapshots of every table

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 16:50:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    """`table_states.online`, true for every table that has tokens (the online ones made
    so far); `table_states.chosen_deal`, true for a deal number narrower than a secret
    deal's 39 digits; `table_snapshots`, empty (a replay of a table kept before starts at
    move 0)."""
    with op.batch_alter_table('table_states', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('online', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(
            sa.Column('chosen_deal', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    op.execute(
        sa.text("UPDATE table_states SET chosen_deal = :yes WHERE length(seed) < 39").bindparams(
            yes=True
        )
    )
    op.execute(
        sa.text(
            "UPDATE table_states SET online = :yes "
            "WHERE game_id IN (SELECT game_id FROM table_tokens)"
        ).bindparams(yes=True)
    )
    op.create_table(
        'table_snapshots',
        sa.Column('game_id', sa.String(length=10), nullable=False),
        sa.Column('step', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('position', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'step'),
    )


def downgrade():
    op.drop_table('table_snapshots')
    with op.batch_alter_table('table_states', schema=None) as batch_op:
        batch_op.drop_column('chosen_deal')
        batch_op.drop_column('online')
