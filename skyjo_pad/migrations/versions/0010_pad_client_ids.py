"""client-made ids on pad games and rounds: a retry never makes a copy

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 20:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('client_id', sa.String(length=64), nullable=True))
        batch_op.create_index('uq_games_client_id', ['client_id'], unique=True)
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.add_column(sa.Column('client_id', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint('uq_rounds_game_client', ['game_id', 'client_id'])


def downgrade():
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.drop_constraint('uq_rounds_game_client', type_='unique')
        batch_op.drop_column('client_id')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index('uq_games_client_id')
        batch_op.drop_column('client_id')
