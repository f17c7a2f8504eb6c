"""table_states: the play state of a digital table

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 14:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    """Add the table_states table (one row per digital table game)."""
    op.create_table('table_states',
    sa.Column('game_id', sa.String(length=10), nullable=False),
    sa.Column('bots', sa.JSON(), nullable=False),
    sa.Column('start', sa.JSON(), nullable=False),
    sa.Column('moves', sa.JSON(), nullable=False),
    sa.Column('position', sa.JSON(), nullable=False),
    sa.Column('log', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id')
    )


def downgrade():
    """Drop table_states (the tables' games, seats and rounds stay)."""
    op.drop_table('table_states')
