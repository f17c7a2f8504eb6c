"""secret links that show a score pad game on other phones (watch, keeper)

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24 21:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'pad_share_links',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.String(length=10), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('digest', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('opened_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('digest'),
    )
    with op.batch_alter_table('pad_share_links', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pad_share_links_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('pad_share_links', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pad_share_links_game_id'))
    op.drop_table('pad_share_links')
