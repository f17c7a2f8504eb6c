"""the language a seat's email invitation was written in (its new link is offered in it)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-30 18:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('table_tokens', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=5), nullable=True))


def downgrade():
    with op.batch_alter_table('table_tokens', schema=None) as batch_op:
        batch_op.drop_column('language')
